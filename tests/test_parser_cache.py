"""The parser's caches (issue 9): lark's analysis of the grammar, and each rulebook file that
parsed cleanly, are kept in files of the user's own, so a cold `tabletop check` neither rebuilds
the parser nor parses an unchanged file (nor imports lark); a cache that is corrupt, or a folder
others may write, is never trusted and never makes noise; a changed file is parsed again."""
import os
import random
import re
import subprocess
import sys

import pytest

from cli_fixtures import ROOT

from tabletop.dsl import parse_cache


def check(cache_home, path=ROOT / "rulebooks" / "smackshapes", *flags):
    env = dict(os.environ, PYTHONPATH=str(ROOT), XDG_CACHE_HOME=str(cache_home))
    env.pop("TABLETOP_NO_CACHE", None)
    return subprocess.run([sys.executable, *flags, "-m", "tabletop", "check", str(path)],
                          env=env, capture_output=True, text=True, timeout=120)


def entries(cache_home, prefix: str) -> list:
    return sorted(p for p in (cache_home / "tabletop").iterdir() if p.name.startswith(prefix))


def test_the_cache_is_written_once_and_used_after(tmp_path):
    first = check(tmp_path)
    assert first.returncode == 0 and first.stderr == ""
    (grammar,) = entries(tmp_path, "grammar-")
    parsed = entries(tmp_path, "parsed-")
    files = list((ROOT / "rulebooks" / "smackshapes").rglob("*.rules"))
    assert len(parsed) == len(files) >= 2, "one entry for each file of the game and its variants"
    assert oct((tmp_path / "tabletop").stat().st_mode & 0o777) == oct(0o700)
    stamps = [p.stat().st_mtime_ns for p in [grammar, *parsed]]
    again = check(tmp_path, ROOT / "rulebooks" / "smackshapes", "-X", "importtime")
    assert again.returncode == 0 and again.stdout == first.stdout
    assert [p.stat().st_mtime_ns for p in [grammar, *parsed]] == stamps, \
        "the second run reads the caches, it does not rewrite them"
    assert " lark" not in again.stderr, "an unchanged rulebook is not parsed: lark is not even imported"
    assert " yaml" not in again.stderr, "its data is kept as JSON: PyYAML is not even imported"


def test_a_corrupt_cache_is_rebuilt_quietly(tmp_path):
    first = check(tmp_path)
    for cache in (tmp_path / "tabletop").iterdir():
        cache.write_bytes(b"not a cache at all\n\x80\x03garbage")
    out = check(tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stderr == "" and out.stdout == first.stdout


def test_a_changed_rulebook_is_parsed_again_and_a_broken_one_is_not_kept(tmp_path):
    rules = tmp_path / "game" / "game.rules"
    rules.parent.mkdir()
    text = (ROOT / "tests" / "games" / "mini" / "game.rules").read_text()
    (tmp_path / "game" / "cards.yaml").write_text((ROOT / "tests" / "games" / "mini" / "cards.yaml").read_text())
    rules.write_text(text)
    assert check(tmp_path, rules.parent).returncode == 0
    rules.write_text(text.replace("turn:\n", "turn\n", 1))
    broken = check(tmp_path, rules.parent)
    assert broken.returncode == 1 and "game.rules:" in broken.stdout + broken.stderr and "expected ':'" in broken.stdout + broken.stderr
    assert len(entries(tmp_path, "parsed-")) == 1, "a file with syntax errors is not kept"
    assert check(tmp_path, rules.parent).stdout == broken.stdout, "its diagnostics come the same way again"
    rules.write_text(text)
    assert check(tmp_path, rules.parent).returncode == 0


def test_the_parsed_files_kept_on_disk_are_bounded(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("TABLETOP_NO_CACHE", raising=False)
    monkeypatch.setattr(parse_cache, "MAX_FILES", 3)
    monkeypatch.setattr(parse_cache, "_IN_PROCESS", {})
    monkeypatch.setattr(parse_cache, "_SHARED", {})
    for n in range(6):
        module, errors = parse_cache.parse_file(f'game "G{n}"\nplayers 2\n', f"g{n}.rules")
        assert errors == [] and module.decls
    assert len(entries(tmp_path, "parsed-")) == 3
    parse_cache.forget()
    module, _ = parse_cache.parse_file('game "G5"\nplayers 2\n', "g5.rules")
    assert module.span.file == "g5.rules"


def test_a_folder_others_may_write_is_not_used(tmp_path):
    shared = tmp_path / "tabletop"
    shared.mkdir()
    shared.chmod(0o777)
    out = check(tmp_path)
    assert out.returncode == 0 and out.stderr == ""
    assert list(shared.iterdir()) == []


# ---------------------------------------------------------------------- an edited file, and data files

def _tree(node):
    """A node as plain tuples, its spans included (AST nodes compare without their spans)."""
    from dataclasses import astuple, is_dataclass
    from tabletop.dsl.diagnostics import Span
    if isinstance(node, Span):
        return astuple(node)
    if is_dataclass(node):
        return (type(node).__name__,) + tuple((k, _tree(v)) for k, v in vars(node).items())
    if isinstance(node, (list, tuple)):
        return type(node)(_tree(x) for x in node)
    return node


def _whole(text: str, file: str):
    from tabletop.dsl.parser import parse
    module, errors = parse(text, file)
    assert errors == []
    return _tree(module)


@pytest.mark.slow
def test_a_file_parsed_declaration_by_declaration_is_the_file_parsed_whole():
    """Every bundled rules file, read a declaration at a time with nothing known, then again after
    lines were added above (every kept declaration moved down) and after one declaration changed:
    the same AST, spans included, as parsing the whole text."""
    import pickle
    from tabletop.dsl.parser import parse_reusing
    files = sorted((ROOT / "rulebooks").rglob("*.rules"))
    assert len(files) >= 7
    for path in files:
        text, name = path.read_text(), str(path)
        module, known = parse_reusing(text, name, {})
        assert _tree(module) == _whole(text, name), path
        known = pickle.loads(pickle.dumps(known))
        moved = "# a new comment\n\n# and another\n" + text
        module, known = parse_reusing(moved, name, known)
        assert _tree(module) == _whole(moved, name), path
        edited = moved.replace("\ndefine ", "\ndefine  ", 1) if "\ndefine " in moved else \
            moved.replace(" define ", " define  ", 1)
        assert edited != moved or "define" not in text
        module, _ = parse_reusing(edited, name, pickle.loads(pickle.dumps(known)))
        assert _tree(module) == _whole(edited, name), path


@pytest.mark.slow
def test_the_parsers_own_transform_gives_what_lark_s_transformer_gives():
    """parser._ToAst.transform walks the parse tree itself (lark's Transformer binds each method
    again at every node): for every bundled rules file and every broken test file, the same AST,
    spans included, and the same diagnostics as lark's own `Transformer.transform`."""
    from lark import Transformer
    from tabletop.dsl import parser as P
    files = sorted((ROOT / "rulebooks").rglob("*.rules")) + sorted((ROOT / "tests" / "broken").rglob("*.rules"))
    compared = 0
    for path in files:
        text = path.read_text()
        try:
            tree = P.build_parser().parse(text if text.endswith("\n") else text + "\n", start="start")
        except Exception:        # a file that does not parse has no tree to transform
            continue
        ours, theirs = [], []
        a = P._ToAst(str(path), 3, ours).transform(tree)
        b = Transformer.transform(P._ToAst(str(path), 3, theirs), tree)
        assert _tree(a) == _tree(b), path
        assert [repr(d) for d in ours] == [repr(d) for d in theirs], path
        compared += 1
    assert compared >= 20


def _lark_tree(t):
    """A lark tree as plain tuples, every position field of its nodes and tokens included."""
    from lark import Tree
    if isinstance(t, Tree):
        return (t.data, sorted(vars(t.meta).items()), [_lark_tree(c) for c in t.children])
    return (t.type, str(t), t.start_pos, t.end_pos, t.line, t.column, t.end_line, t.end_column)


@pytest.mark.slow
def test_single_child_steps_handed_up_untouched_give_lark_s_own_tree():
    """parser._pass_single_children replaces the callbacks of the `?rule: other` steps, and
    parser._build_trees_directly lark's chain of callbacks of every other rule by one: for every
    bundled and broken rules file, and each expression below, the same
    lark tree, positions included, as with lark's own callbacks (or the same error)."""
    from tabletop.dsl import parser as P
    lark = P.build_parser()
    callbacks = lark._callbacks
    ours = dict(callbacks)
    assert sum(f is P._first_child for f in ours.values()) >= 9       # the nine steps from expr to postfix
    assert sum(isinstance(f, P._TreeBuilder) for f in ours.values()) >= len(ours) - 20
    assert any(f.single and f.include for f in ours.values() if isinstance(f, P._TreeBuilder))  # `(expr)`
    theirs = lark._parse_tree_builder.create_callback(None)
    files = sorted((ROOT / "rulebooks").rglob("*.rules")) + sorted((ROOT / "tests" / "broken").rglob("*.rules"))
    texts = [(p.read_text().rstrip("\n") + "\n", "start") for p in files]
    texts += [(e, "expr") for e in ["a", "-(a + b) * c", "(a)", "not a or b and c", "x.y[1, 2].z", "f(g(h))",
                                    "[x for x in (xs) if (x) != 1]", "if (a) then [] else [1]", "t \"a\""]]

    def parse(text, start, with_callbacks):
        callbacks.update(with_callbacks)
        try:
            return _lark_tree(lark.parse(text, start=start))
        except Exception as e:          # a file that does not parse: the same error both ways
            return repr(e)
        finally:
            callbacks.update(ours)

    compared = 0
    for text, start in texts:
        mine = parse(text, start, ours)
        assert mine == parse(text, start, theirs), text[:60]
        compared += not isinstance(mine, str)
    assert compared >= 25


@pytest.mark.slow
def test_the_quick_parse_loop_gives_lark_s_own_tree_or_leaves_the_text_to_lark():
    """parser._parse_quickly reads a text in one loop instead of lark's lexer, indenter and LALR
    loop: for every bundled and broken rules file, and the odd texts below, the same tree,
    positions included, as lark's own loop; a text lark refuses is handed to lark, which raises
    its own exception (so every message stays the same)."""
    from tabletop.dsl import parser as P
    if P.lark_version not in P.QUICK_LOOP_LARK:
        pytest.skip(f"lark {P.lark_version}: the quick loop is not used with it")
    lark = P.build_parser()
    files = sorted((ROOT / "rulebooks").rglob("*.rules")) + sorted((ROOT / "tests" / "broken").rglob("*.rules"))
    texts = [p.read_text().rstrip("\n") + "\n" for p in files]
    texts += ["", "\n\n", "# only a comment\n", 'game "G"', 'game "G"\nplayers 2\ndefine x: int = (1 +\n  2)\n',
              'define f(a: int,\n         b: int) -> int:\n    a + b\n', "rule r:\n    x = 1\n  y = 2\n",
              "rule r:\n    if a:\n        x = 1\n", "define x: int = (1\n", "define x: int = 1)\n", "define x: int = @\n"]
    clean = 0
    for text in texts:
        try:
            theirs = _lark_tree(lark.parse(text, start="start"))
        except Exception as e:          # noqa: BLE001 - the text lark refuses: lark's own error both ways
            try:
                P._parse_quickly(lark, text)
            except Exception as mine:   # noqa: BLE001
                assert type(mine) is type(e) and str(mine) == str(e), text[:60]
            else:
                raise AssertionError(f"the quick loop read a text lark refuses: {text[:60]!r}")
            continue
        assert _lark_tree(P._plain_parse(lark, text, "start")) == theirs, text[:60]
        clean += 1
    assert clean >= 20


def test_the_quick_parse_loop_is_left_alone_with_another_lark(monkeypatch):
    """`_plain_parse` copies lark 1.3.1's lexer, indenter and LALR loop: with another version of
    lark it steps aside at once, and lark's own loop reads every text."""
    from tabletop.dsl import parser as P
    monkeypatch.setattr(P, "lark_version", "0.0.1")
    lark = P.build_parser()
    text = (ROOT / "rulebooks" / "smackshapes" / "game.rules").read_text()
    with pytest.raises(P._NotPlain):
        P._plain_parse(lark, text, "start")
    assert _lark_tree(P._parse_quickly(lark, text)) == _lark_tree(lark.parse(text, start="start"))


def _mutated(text: str, rnd) -> str:
    """`text` with one small slip of the sort an author makes: a line deleted, doubled, moved up
    or indented otherwise, or a character deleted or typed in."""
    lines = text.split("\n")
    i = rnd.randrange(len(lines))
    how = rnd.randrange(6)
    if how == 0:
        del lines[i]
    elif how == 1:
        lines.insert(i, lines[i])
    elif how == 2 and i > 0:
        lines[i - 1], lines[i] = lines[i], lines[i - 1]
    elif how == 3:
        lines[i] = lines[i][2:] if lines[i].startswith("  ") else "  " + lines[i]
    else:
        at = rnd.randrange(len(text))
        return text[:at] + text[at + 1:] if how == 4 else text[:at] + rnd.choice(":()[]{},=\"# \n\tx1") + text[at:]
    return "\n".join(lines)


@pytest.mark.slow
def test_the_quick_parse_loop_reads_slips_as_lark_does(soak_scale):
    """Every bundled rules file with random slips (seeded): the quick loop gives lark's own tree,
    positions included, or the very exception lark's loop raises."""
    from tabletop.dsl import parser as P
    if P.lark_version not in P.QUICK_LOOP_LARK:
        pytest.skip(f"lark {P.lark_version}: the quick loop is not used with it")
    lark = P.build_parser()
    rnd = random.Random(9)
    clean = refused = 0
    for path in sorted((ROOT / "rulebooks").rglob("*.rules")):
        base = path.read_text()
        for _ in range(4 * soak_scale):
            text = _mutated(base, rnd).rstrip("\n") + "\n"
            try:
                theirs = _lark_tree(lark.parse(text, start="start"))
            except Exception as e:          # noqa: BLE001 - lark refuses it: the same error from the quick loop
                with pytest.raises(type(e)) as mine:
                    P._parse_quickly(lark, text)
                assert str(mine.value) == str(e), (path.name, text)
                refused += 1
                continue
            assert _lark_tree(P._parse_quickly(lark, text)) == theirs, (path.name, text)
            clean += 1
    assert clean >= 5 and refused >= 5, (clean, refused)


@pytest.mark.slow
def test_the_kept_parser_holds_the_grammar_s_names_as_plain_texts(monkeypatch):
    """A parser built from the grammar's text holds the names it read as lark Tokens (a rule's
    name, looked up at every step of a parse, compares in Python); kept (`_ParserPickler`) they
    are plain texts, as in a parser built from lark's own cache, and it parses every bundled and
    broken file as the parser it was made from (trees, positions and errors alike)."""
    import io
    import pickle

    from lark import Lark, Token

    from tabletop.dsl import parser as P
    monkeypatch.setenv("TABLETOP_NO_CACHE", "1")
    built = Lark(P.GRAMMAR_PATH.read_text(), parser="lalr", postlex=P._RulesIndenter(), start=["start", "expr"],
                 propagate_positions=True, maybe_placeholders=False)
    P._pass_single_children(built)
    P._build_trees_directly(built)
    P._build_scanners(built)

    def names(parser):
        table = parser.parser.parser.parser.parse_table
        return [b.origin.name for v in table.states.values() for a, b in v.values() if a is not P._Shift]
    assert any(type(n) is Token for n in names(built))
    out = io.BytesIO()
    P._ParserPickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(built)
    kept = pickle.loads(out.getvalue())
    assert not any(type(n) is Token for n in names(kept))
    files = sorted((ROOT / "rulebooks").rglob("*.rules")) + sorted((ROOT / "tests" / "broken").rglob("*.rules"))
    for text in [p.read_text().rstrip("\n") + "\n" for p in files]:
        def parsed(parser):
            try:
                return _lark_tree(P._parse_quickly(parser, text))
            except Exception as e:      # noqa: BLE001 - a file that does not parse: the same error both ways
                # (what it expects as a set: a set unpickled may list its names in another order,
                # as with any kept parser, and the diagnostics sort them)
                return (type(e).__name__, getattr(e, "line", None), getattr(e, "column", None),
                        sorted(getattr(e, "expected", None) or getattr(e, "allowed", None) or []))
        assert parsed(kept) == parsed(built), text[:60]


def test_an_edited_rulebook_hands_only_its_changed_declaration_to_lark(tmp_path, monkeypatch):
    from tabletop.dsl import parser
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("TABLETOP_NO_CACHE", raising=False)
    monkeypatch.setattr(parse_cache, "_IN_PROCESS", {})
    monkeypatch.setattr(parse_cache, "_SHARED", {})
    text = (ROOT / "rulebooks" / "abatteroxie" / "game.rules").read_text()
    parse_cache.parse_file(text, "game.rules")
    parsed = []
    real = parser._parse_text
    monkeypatch.setattr(parser, "_parse_text", lambda chunk, *a: parsed.append(chunk) or real(chunk, *a))
    parse_cache.forget()         # as a new process: the declarations come from disk
    edited = text.replace("define hand_size: int = 4", "define hand_size: int = 5")
    module, errors = parse_cache.parse_file(edited, "game.rules")
    assert errors == [] and len(parsed) == 1 and parsed[0].startswith("define hand_size: int = 5\n")
    assert module.decls[[d.name for d in module.decls].index("hand_size")].body.value == 5
    broken = edited.replace("define hand_size: int = 5", "define hand_size: int = ")
    module, errors = parse_cache.parse_file(broken, "game.rules")
    assert [e.span.line for e in errors] == [text[:text.index("define hand_size")].count("\n") + 1], \
        "a declaration that does not parse: the whole file is read and the error is reported as ever"


def test_a_file_and_its_declarations_are_pickled_once(tmp_path, monkeypatch):
    """A file parsed declaration by declaration is pickled once, its module and its declarations
    (which share their nodes) together: the "parsed" entry and the "declarations" entry are the
    same bytes, each read back as what it keeps (and the next process reads both)."""
    import pickle
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("TABLETOP_NO_CACHE", raising=False)
    monkeypatch.setattr(parse_cache, "_IN_PROCESS", {})
    monkeypatch.setattr(parse_cache, "_SHARED", {})
    dumps = []
    real = pickle.dumps
    monkeypatch.setattr(parse_cache.pickle, "dumps", lambda *a, **k: dumps.append(1) or real(*a, **k))
    text = (ROOT / "rulebooks" / "smackatoa" / "game.rules").read_text()
    module, errors = parse_cache.parse_file(text, "game.rules")
    assert errors == [] and len(dumps) == 1
    (parsed,), (declarations,) = entries(tmp_path, "parsed-"), entries(tmp_path, "declarations-")
    assert parsed.read_bytes() == declarations.read_bytes()
    parse_cache.forget()
    again, errors = parse_cache.parse_file(text, "game.rules")
    assert errors == [] and again == module and again is not module
    edited = text.replace("\ndefine ", "\ndefine one_more: int = 1\ndefine ", 1)
    module, errors = parse_cache.parse_file(edited, "game.rules")
    assert errors == [] and "one_more" in [getattr(d, "name", None) for d in module.decls]


def test_a_data_file_validated_once_is_not_read_again_until_it_changes(tmp_path):
    game = tmp_path / "game"
    game.mkdir()
    (game / "game.rules").write_text((ROOT / "tests" / "games" / "mini" / "game.rules").read_text())
    cards = (ROOT / "tests" / "games" / "mini" / "cards.yaml").read_text()
    (game / "cards.yaml").write_text(cards)
    first = check(tmp_path, game)
    assert first.returncode == 0, first.stdout + first.stderr
    assert len(entries(tmp_path, "data-")) == 1
    again = check(tmp_path, game, "-X", "importtime")
    assert again.returncode == 0 and again.stdout == first.stdout
    assert " jsonschema" not in again.stderr, "unchanged data is not validated again"
    (game / "cards.yaml").write_text(cards + "  - {bogus: 1}\n")
    broken = check(tmp_path, game)
    assert broken.returncode == 1 and "cards.yaml:" in broken.stdout + broken.stderr, broken.stdout
    assert len(entries(tmp_path, "data-")) == 1, "data with a mistake is not kept"


_AST_CODE = """
import builtins, marshal, sys
compiled = []
real = builtins.compile
builtins.compile = lambda text, *a, **k: compiled.append(text) or real(text, *a, **k)
from tabletop.dsl import ast
builtins.compile = real
inits = {n: marshal.dumps(c.__init__.__code__) for n, c in sorted(vars(ast).items())
         if isinstance(c, type) and issubclass(c, ast.Node) and c is not ast.Node}
print(sum(str(t).startswith("def __create_fn__") for t in compiled), len(inits), hash(tuple(inits.items())))
"""


def test_the_ast_classes_code_is_compiled_once_and_kept(tmp_path):
    """The `__init__` dataclass writes for each node class is compiled by the first import and
    taken from the user's cache folder by the next: the very same code as compiled afresh."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), XDG_CACHE_HOME=str(tmp_path), PYTHONHASHSEED="0")
    env.pop("TABLETOP_NO_CACHE", None)

    def run(**more):
        out = subprocess.run([sys.executable, "-c", _AST_CODE], env=dict(env, **more), capture_output=True,
                             text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        return [int(x) for x in out.stdout.split()]

    first, second, fresh = run(), run(), run(TABLETOP_NO_CACHE="1")
    assert first[0] >= 70, "the first import compiles each class's __init__"
    assert second[0] == 0 and second[1:] == first[1:], "the next takes them all from the cache"
    assert fresh[0] == first[0] and fresh[1:] == first[1:], "without a cache, compiled as ever: the same code"


def test_a_copy_of_a_rulebook_at_another_path_finds_its_data_kept(tmp_path, monkeypatch):
    """Data records are kept by the file's text, not its name (they hold nothing of it): a copy of
    a checked rulebook in another folder reads no YAML, and says what the original says, its
    records' places under the copy's own name."""
    import shutil
    game = tmp_path / "game"
    game.mkdir()
    (game / "game.rules").write_text((ROOT / "tests" / "games" / "mini" / "game.rules").read_text())
    (game / "cards.yaml").write_text((ROOT / "tests" / "games" / "mini" / "cards.yaml").read_text())
    first = check(tmp_path, game)
    assert first.returncode == 0, first.stdout + first.stderr
    copy = tmp_path / "elsewhere" / "copy"
    shutil.copytree(game, copy)
    again = check(tmp_path, copy, "-X", "importtime")
    assert again.returncode == 0 and again.stdout == first.stdout.replace(str(game), str(copy))
    assert " yaml" not in again.stderr, "the copy's data is the original's text: PyYAML is not even imported"
    assert len(entries(tmp_path, "data-")) == 1
    from tabletop.dsl.loader import load_program
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("TABLETOP_NO_CACHE", raising=False)
    parse_cache.forget()
    kept = load_program(str(copy))
    monkeypatch.setenv("TABLETOP_NO_CACHE", "1")
    parse_cache.forget()
    fresh = load_program(str(copy))
    assert kept.data == fresh.data, "the records as the copy's own YAML gives them"
    assert kept.data_files == fresh.data_files and "copy" in kept.data_files["card"]


def test_a_rules_file_read_from_the_cache_still_requires_its_data_fields(tmp_path):
    """A data field every record must give stays required when the rules come from the cache:
    the mark of "no default" is one object, and unpickling keeps it so."""
    game = tmp_path / "game"
    game.mkdir()
    (game / "game.rules").write_text((ROOT / "tests" / "games" / "mini" / "game.rules").read_text())
    (game / "cards.yaml").write_text('cards:\n  - {name: "Ace", suit: red}\n')
    first = check(tmp_path, game)
    assert first.returncode == 1 and "value" in first.stdout, first.stdout
    again = check(tmp_path, game)
    assert again.returncode == 1 and again.stdout == first.stdout


def test_a_declaration_written_twice_keeps_each_its_own_line():
    """Two declarations of the same text, the file edited above both: each keeps its own line, so
    the duplicate is reported where it stands."""
    from tabletop.dsl.parser import parse_reusing
    text = 'game "G"\nplayers 2\ndefine x: int = 1\ndefine x: int = 1\n'
    _, known = parse_reusing(text, "g.rules", {})
    moved = "# a comment\n" + text
    module, _ = parse_reusing(moved, "g.rules", known)
    assert [d.span.line for d in module.decls] == [2, 3, 4, 5]
    assert _tree(module) == _whole(moved, "g.rules")


def test_a_loaded_files_ast_is_shared_and_no_pass_changes_it(tmp_path, monkeypatch):
    """Every load of a clean file in one process gets the same AST, so checking, compiling and
    playing must leave every node as the parser made it (the checker's findings go in its tables)."""
    import pickle
    import random

    from tabletop.dsl.loader import load_program
    from tabletop.interpreter.api import load_game
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("TABLETOP_NO_CACHE", raising=False)
    monkeypatch.setattr(parse_cache, "_IN_PROCESS", {})
    monkeypatch.setattr(parse_cache, "_SHARED", {})
    for book, variant in [("smackatoa", None), ("abatteroxie", None), ("smackshapes", "colorcracks"),
                          ("taboo_atoll_express", "calm_seas"), ("smores_galore", None)]:
        path = ROOT / "rulebooks" / book
        first = load_program(path, variant)
        before = pickle.dumps(first.decls)
        game = load_game(str(path), variant)
        for seed in range(3):
            s = game.new_state(seed=seed)
            rnd = random.Random(seed)
            for _ in range(60):
                if s.is_over:
                    break
                seat = s.pending.players[0]
                s.apply(rnd.randrange(len(s.options(seat))), seat, 1.0 if s.pending.timed else None)
        again = load_program(path, variant)
        if variant is None:          # a variant's extended declarations are new copies over shared parts
            assert [id(d) for d in again.decls] == [id(d) for d in first.decls], f"{book}: not shared"
        assert pickle.dumps(again.decls) == before, f"{book}: a pass changed its AST"


def test_every_module_the_parser_reads_keys_the_kept_files():
    """A parsed file is kept by a hash of the parser's sources: a module the parser takes its
    reading from (dsl/texts.py, where a text ends) that is not among them would let an AST
    parsed by the old reading come back after the module changed."""
    parser = (ROOT / "dsl" / "parser.py").read_text()
    used = {m + ".py" for m in re.findall(r"^from \.(\w+) import", parser, re.M)} - {"parse_cache.py"}
    assert used and used <= set(parse_cache._PARSER_SOURCES), used - set(parse_cache._PARSER_SOURCES)


@pytest.mark.slow
def test_the_parser_kept_whole_parses_as_the_one_built_from_the_grammar(tmp_path, monkeypatch):
    """The built parser is kept whole (parser._keep_parser) and read by the next process: the
    same lark tree, positions included, or the same error, for every bundled and broken rules
    file; a damaged entry is ignored and the parser built again."""
    from tabletop.dsl import parser as P
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("TABLETOP_NO_CACHE", raising=False)
    P.build_parser.cache_clear()
    try:
        built = P.build_parser()
        (entry,) = entries(tmp_path, "parser-")
        P.build_parser.cache_clear()
        kept = P.build_parser()
        assert kept is not built and P._kept_parser() is not None
        files = sorted((ROOT / "rulebooks").rglob("*.rules")) + sorted((ROOT / "tests" / "broken").rglob("*.rules"))
        assert len(files) > 20

        def tree(lark, text):
            try:
                return _lark_tree(lark.parse(text, start="start"))
            except Exception as e:          # a file that does not parse: the same error both ways
                return repr(e)
        for p in files:
            text = p.read_text().rstrip("\n") + "\n"
            assert tree(kept, text) == tree(built, text), p
        entry.write_bytes(b"\x80\x05damaged")
        assert P._kept_parser() is None
    finally:
        P.build_parser.cache_clear()


def test_the_kept_parser_brings_its_lexers_compiled(tmp_path, monkeypatch):
    """The kept parser comes with every state's scanner built, its patterns made from their
    compiled code (parser._compiled_pattern), each the very pattern `re` compiles from its text:
    a new process compiles none of them again."""
    import re
    from tabletop.dsl import parser as P
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("TABLETOP_NO_CACHE", raising=False)
    P.build_parser.cache_clear()
    try:
        P.build_parser()
        kept = P._kept_parser()
        lexer = kept.parser.lexer.lexer
        basics = list(lexer.lexers.values()) + [lexer.root_lexer]
        assert all(b._scanner is not None for b in basics)
        patterns = [m for b in basics for m in b._scanner._mres] + \
                   [m for b in basics for c in b.callback.values() for m in getattr(getattr(c, "scanner", None), "_mres", [])]
        assert len(patterns) > len(set(map(id, basics)))
        for m in patterns:
            again = re.compile(m.pattern, m.flags)
            assert m == again and m.groupindex == again.groupindex
    finally:
        P.build_parser.cache_clear()
