"""`tabletop format` and dsl/formatter.py: the house layout, kept texts and comments, the same
rules after formatting, and the command line's --check, --diff, in-place writing and exit codes."""
import os
import random
import re
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli_fixtures import real  # noqa: F401  (a fixture)
from tabletop.dsl import formatter
from tabletop.dsl.diagnostics import RulebookError
from tabletop.dsl.formatter import LayoutError, format_text
from tabletop.dsl.parser import parse

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted(ROOT.glob("rulebooks/*/game.rules")) + sorted(ROOT.glob("rulebooks/*/variants/*.rules"))


def same_rules(a: str, b: str) -> bool:
    """Whether two texts parse, cleanly, to the same AST (spans aside: Node's == ignores them)."""
    (ma, ea), (mb, eb) = parse(a, "x.rules"), parse(b, "x.rules")
    return not ea and not eb and ma == mb


# ---------------------------------------------------------------- the house layout

def test_there_are_bundled_rulebooks_to_hold_to_the_layout():
    assert len(BUNDLED) >= 7


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: str(p.relative_to(ROOT / "rulebooks")))
def test_every_bundled_rulebook_and_variant_is_already_formatted(path):
    text = path.read_text(encoding="utf-8")
    assert format_text(text, str(path)) == text


MESSY = '''

# top comment   
game   "Messy # not a comment {x}"
players 1  to 4
option  diff :a,b,c=a
die d:-1 to 1,  3
var  x : int in -3 to 3=-1   # aligned
var y:list of int=[ 1,2 , -3 ]  # second
define f( a:int , b:int ):int=if a>b then -a else a-b*( 2+a )%3
define g: list of int = [ a * 2 for a in [1 , 2] if a!=1 ]
define h: int = f(1,
          2)
define k: list of int = [
  1,
      2
 ]
define long: bool = x > 1 and \\   
        y == []
pattern pair of diff: a , { b,c }


rule r( p : player ):
  # comment in r
  if x>0 :
      x-=1
      say "tick {x} # {f(1, 2)}"
        # a comment deeper than its block
  elif not(x==0):
      x += take(y,1)[0]
  # back at r level
  else :
      x=0
\t# tabbed comment
  move first(p.hand) from p.hand to top of p.hand
setup :
  r(players[0])
turn:
   x = x - -1
   y = y+[x]


'''

TIDY = '''# top comment
game "Messy # not a comment {x}"
players 1 to 4
option diff: a, b, c = a
die d: -1 to 1, 3
var x: int in -3 to 3 = -1   # aligned
var y: list of int = [1, 2, -3]  # second
define f(a: int, b: int): int = if a > b then -a else a - b * (2 + a) % 3
define g: list of int = [a * 2 for a in [1, 2] if a != 1]
define h: int = f(1,
                  2)
define k: list of int = [
    1,
    2
]
define long: bool = x > 1 and \\
    y == []
pattern pair of diff: a, {b, c}

rule r(p: player):
    # comment in r
    if x > 0:
        x -= 1
        say "tick {x} # {f(1, 2)}"
        # a comment deeper than its block
    elif not (x == 0):
        x += take(y, 1)[0]
    # back at r level
    else:
        x = 0
    # tabbed comment
    move first(p.hand) from p.hand to top of p.hand
setup:
    r(players[0])
turn:
    x = x - -1
    y = y + [x]
'''


def test_a_messy_rulebook_takes_the_house_layout():
    """Operators spaced and a unary minus not, `, ` and `: `, no space inside brackets or before a
    call's `(`, 4 spaces a block (from 2 and 3), a comment at its block's level, a comment after
    code kept in its column, blank lines at the ends gone and a run of them made one, a `\\`
    continuation 4 in, a bracket's continuation under its first item or back at its line."""
    out = format_text(MESSY, "messy.rules")
    assert out == TIDY
    assert same_rules(MESSY, out)
    assert format_text(out) == out


def test_texts_and_comments_are_kept_byte_for_byte():
    text = ('game   "x"\nplayers  1\n'
            'var t:text="a # b {{lit}} \\"q\\" {  count( [1,2] )  }"   #  keep   THIS  {x} "q" #\n'
            'define u : text = "{t}  # {t}"\n'
            '#no space after the hash,   spaces kept\n')
    out = format_text(text)
    assert '"a # b {{lit}} \\"q\\" {  count( [1,2] )  }"' in out       # the template's own spacing too
    assert "#  keep   THIS  {x} \"q\" #\n" in out and '"{t}  # {t}"' in out
    assert "#no space after the hash,   spaces kept\n" in out
    assert out.startswith('game "x"\nplayers 1\nvar t: text = "a')
    assert format_text(out) == out and same_rules(text, out)


def test_a_comment_after_code_keeps_its_column_or_moves_two_past_the_code():
    text = "game \"x\"\nplayers 1\nvar x:int=1          # room to spare\nvar   yy:int=1 # no room\n"
    out = format_text(text)
    assert out.splitlines()[2] == "var x: int = 1       # room to spare"        # column 22, as before
    assert out.splitlines()[3] == "var yy: int = 1  # no room"


def test_a_long_line_is_kept_whole():
    long = "define d: int = " + " + ".join(["1"] * 80)
    text = f'game "x"\nplayers 1\n{long}\n'
    assert format_text(text) == text and len(long) > 200


def test_a_crlf_file_gets_line_feeds_and_the_same_rules():
    text = 'game "x"\r\nplayers 1\r\nvar x: int = 1  # a comment\r\n'
    out = format_text(text)
    assert out == 'game "x"\nplayers 1\nvar x: int = 1  # a comment\n' and same_rules(text, out)


def test_a_backslash_that_continues_nothing_goes():
    """Before a blank line the `\\` continues nothing; kept, it would join its line to the next
    once the blank line went, and the rules would change."""
    text = 'game "x"\nplayers 1\ndefine d: int = 0 \\\n\n\ndefine e: int = 1 \\\n# a comment\n'
    out = format_text(text)
    assert out == 'game "x"\nplayers 1\ndefine d: int = 0\n\ndefine e: int = 1\n# a comment\n'
    assert same_rules(text, out)


def test_whitespace_at_a_comments_end_goes_a_carriage_return_too():
    out = format_text('game "x"\nplayers 1\n# a comment \t\r \n#\r\n')
    assert out == 'game "x"\nplayers 1\n# a comment\n#\n' and format_text(out) == out


def test_a_file_that_does_not_parse_is_refused_with_the_parsers_diagnostic():
    with pytest.raises(RulebookError) as caught:
        format_text('game "x"\nplayers 1\nvar x: int = (1 +\n', "bad.rules")
    d = caught.value.diagnostics[0]
    assert (d.code, d.span.file, d.span.line, d.span.column) == ("E107", "bad.rules", 3, 14)


def test_a_layout_that_would_change_the_rules_is_refused(monkeypatch):
    """The safety net: were the layout to change a rule (here: `-` made `+`), nothing is returned."""
    real_layout = formatter._layout
    monkeypatch.setattr(formatter, "_layout", lambda text, file: real_layout(text, file).replace(" - ", " + "))
    with pytest.raises(LayoutError, match=r"^m\.rules:4: formatting would change what the rulebook says"):
        format_text('game "x"\nplayers 1\nvar  a: int = 1\ndefine b: int = a - 1\n', "m.rules")


# ---------------------------------------------------------------- whitespace perturbations

def _declarations():
    """Each top-level declaration of every bundled file (with the comments after it), as a text of
    its own: small enough that parsing each example costs milliseconds."""
    found = []
    for path in BUNDLED:
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        starts = [k for k, line in enumerate(lines) if line[:1].isalpha()] + [len(lines)]
        found += ["".join(lines[a:b]) for a, b in zip(starts, starts[1:])]
    return found


DECLARATIONS = _declarations()
_PIECE = re.compile(r'"(?:[^"\\\n]|\\.)*"|#.*|\\[ \t]*$|[A-Za-z_][A-Za-z0-9_]*|[0-9]+|==|!=|<=|>=|=>|->|\+=|-=|\S')


def perturbed(text: str, rnd: random.Random, unit: str) -> str:
    """`text` with its blocks indented by `unit` a level instead of 4 spaces, extra spaces and tabs
    between the tokens of lines with no comment after their code (and none removed between two
    words, which would join them), whitespace at line ends, and blank lines doubled."""
    out = []
    for line in text.splitlines():
        lead = len(line) - len(line.lstrip(" "))
        body = line[lead:]
        indent = unit * (lead // 4) + " " * (lead % 4)
        pieces = _PIECE.findall(body)
        if body and "#" not in [p[:1] for p in pieces] and "top of" not in body:
            joined = pieces[0]
            for a, b in zip(pieces, pieces[1:]):
                words = re.match(r"\w", a[-1]) and re.match(r"\w", b[0])
                gap = rnd.choice(["", " ", "  ", " \t "])
                joined += ((gap or " ") if words or b[0] == "\\" else gap) + b
            body = joined
        out.append(indent + body + (rnd.choice(["", " ", "\t"]) if body else ""))
        if not line.strip() and rnd.random() < 0.5:
            out.append("   ")
    return "\n".join(out) + "\n"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.sampled_from(DECLARATIONS), rnd=st.randoms(use_true_random=False),
       unit=st.sampled_from(["  ", "   ", "\t", " " * 8]))
def test_a_perturbed_declaration_formats_back_to_itself(text, rnd, unit):
    messy = perturbed(text, rnd, unit)
    assert same_rules(messy, text), messy         # the perturbation itself keeps the rules
    out = format_text(messy)
    assert out == text.rstrip("\n") + "\n"       # a declaration's trailing blank line goes, as at a file's end
    assert format_text(out) == out


# ---------------------------------------------------------------- the command line

MESSY_VARIANT = 'extends "../game.rules"\nreplace var  x:int in -3 to 3=2\n'


@pytest.fixture
def book(tmp_path):
    folder = tmp_path / "book"
    (folder / "variants").mkdir(parents=True)
    (folder / "game.rules").write_text(MESSY)
    (folder / "variants" / "v.rules").write_text(MESSY_VARIANT)
    (folder / "game.rules").chmod(0o640)
    return folder


def snapshot(folder: Path) -> dict:
    return {str(p.relative_to(folder)): (p.read_bytes() if p.is_file() and not p.is_symlink() else os.readlink(p),
                                         os.lstat(p).st_mtime_ns)
            for p in folder.rglob("*") if not p.is_dir()}


def test_check_lists_the_files_that_would_change_and_changes_nothing(real, book):
    before = snapshot(book)
    code, out, err = real("format", "--check", book)
    assert code == 1
    assert out.splitlines() == [str(book / "game.rules"), str(book / "variants" / "v.rules")]
    assert "2 files: 2 would be reformatted." in err
    assert snapshot(book) == before


def test_diff_prints_a_unified_diff_and_changes_nothing(real, book):
    before = snapshot(book)
    code, out, _ = real("format", "--diff", book)
    assert code == 0
    assert f"--- {book / 'game.rules'}\n+++ {book / 'game.rules'} (formatted)\n" in out
    assert "-var  x : int in -3 to 3=-1   # aligned\n" in out and "+var x: int in -3 to 3 = -1   # aligned\n" in out
    assert "+replace var x: int in -3 to 3 = 2" in out
    assert snapshot(book) == before


def test_format_rewrites_in_place_keeping_permissions_then_has_nothing_to_do(real, book):
    code, out, _ = real("format", book)
    assert code == 0
    assert f"formatted {book / 'game.rules'}\n" in out and "2 files: 2 formatted." in out
    assert (book / "game.rules").read_text() == TIDY
    assert (book / "variants" / "v.rules").read_text() == 'extends "../game.rules"\nreplace var x: int in -3 to 3 = 2\n'
    assert stat.S_IMODE((book / "game.rules").stat().st_mode) == 0o640
    assert sorted(p.name for p in book.iterdir()) == ["game.rules", "variants"]     # no temporary file left
    code, out, _ = real("format", "--check", book)
    assert (code, out) == (0, "")
    code, out, _ = real("format", book, book / "game.rules")                       # one file named twice: once
    assert code == 0 and out == "2 files: 2 already formatted.\n"


def test_a_file_that_does_not_parse_is_left_untouched_with_its_diagnostic(real, book):
    (book / "variants" / "v.rules").write_text('extends "../game.rules"\nreplace var x: int = (1 +\n')
    before = snapshot(book)
    code, out, err = real("format", book / "variants" / "v.rules")
    assert code == 1
    assert f"{book / 'variants' / 'v.rules'}:2:22: error E107: This '(' is never closed." in err
    assert "   2 | replace var x: int = (1 +\n     |                      ^" in err
    assert "is left as it is: it does not parse" in err
    assert snapshot(book) == before and out == "1 file: 1 could not be formatted.\n"


def test_a_missing_path_is_a_usage_error_and_the_others_are_still_formatted(real, book, tmp_path):
    (tmp_path / "empty").mkdir()
    code, out, err = real("format", "nowhere", tmp_path / "empty", book)
    assert code == 2
    assert "There is no rulebook 'nowhere'" in err and "has no game.rules" in err
    assert "2 files: 2 formatted." in out and (book / "game.rules").read_text() == TIDY


def test_a_symbolic_link_is_never_written_through(real, book, tmp_path):
    outside = tmp_path / "outside.rules"
    outside.write_text(MESSY_VARIANT)
    (book / "variants" / "out.rules").symlink_to(outside)
    (book / "variants" / "in.rules").symlink_to("v.rules")
    code, _, err = real("format", book)
    assert code == 1
    assert "out.rules is a link to a file outside the rulebook's folder" in err
    assert "cannot write" in err and "in.rules: it is a symbolic link" in err
    assert outside.read_text() == MESSY_VARIANT
    assert (book / "variants" / "in.rules").is_symlink() and (book / "variants" / "out.rules").is_symlink()
    assert (book / "game.rules").read_text() == TIDY       # the files themselves are formatted


def test_a_bundled_game_by_name_is_already_formatted(real):
    code, out, err = real("format", "--check", "smackshapes")
    assert (code, out) == (0, "") and "2 files: 2 already formatted." in err


def test_format_help(real):
    code, out, _ = real("format", "--help")
    assert code == 0 and "usage: tabletop format" in out and "--check" in out and "--diff" in out


@pytest.mark.parametrize("text", ['\ufeffgame "x"\nplayers 1\n', 'game "x"\rplayers 1\r', '\ufeffgame "x"\r\nplayers 1\r\n'])
def test_a_byte_order_mark_and_old_mac_line_ends_are_read_as_check_reads_them(text):
    """`check` and `play` read past a byte order mark and take a lone carriage return as a line
    end (the loader); `format` refused the first ("U+FEFF cannot start anything here") and the
    second did not parse either, so a file the game played could not be formatted."""
    assert format_text(text) == 'game "x"\nplayers 1\n'


def test_an_expression_too_deep_to_compare_is_left_as_it_is_in_words():
    """The check that the layout changes nothing compares the trees by recursion: a line of 300
    terms made it an internal error (RecursionError); the file is now refused in a sentence."""
    text = 'game "x"\nplayers 1\ndefine d: int = 0' + "+1" * 300 + "\n"
    with pytest.raises(LayoutError, match="nests too deeply"):
        format_text(text, "deep.rules")
