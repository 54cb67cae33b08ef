"""The parser: rulebook text -> AST (`dsl.ast.Module`), with errors as diagnostics.

It builds the LALR parser from `grammar.lark` once, turns lark's tree into AST nodes with
spans, and reports syntax errors in the language's words. After an error it resumes at the
next top-level declaration, so one run reports every broken declaration of a file. Before lark
sees a file, a quick scan refuses declarations that nest too deeply or chain too many operators
for lark and the passes after it (E105 at the line), so a hostile file costs milliseconds, not
minutes; numbers and dice have limits too (E106, E206), and a text's escapes are only those the
language knows (E109). It must not resolve names or look at other files: that is the loader's
and checker's work.
"""
from __future__ import annotations

import copy
import functools
import hashlib
import importlib
import io
import logging
import os
import pickle
import re
import _sre
import sys
from re import _compiler as _re_compiler, _parser as _re_parser
from pathlib import Path
from types import ModuleType


def _lark_without_extras():
    """Import lark without the optional modules it imports when they are installed, `regex` and
    `interegular`: this parser uses neither (no `regex=True`; lark's check of colliding terminals
    runs only in strict mode, which `build_parser(strict=True)` turns on with `interegular`), and
    importing them was a twelfth of a cold `tabletop check` of a rulebook never seen. Only lark's
    own import is affected: they are importable as ever afterwards."""
    blocked = [name for name in ("regex", "interegular") if name not in sys.modules]
    for name in blocked:
        sys.modules[name] = None        # lark's `import` raises ImportError, which it expects
    try:
        import lark  # noqa: F401
    finally:
        for name in blocked:
            if sys.modules.get(name, True) is None:
                del sys.modules[name]


_lark_without_extras()
from lark import Lark, Token, Transformer, Tree, v_args  # noqa: E402
from lark import __version__ as lark_version  # noqa: E402
from lark import logger as lark_logger  # noqa: E402
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, VisitError  # noqa: E402
from lark.indenter import DedentError, Indenter  # noqa: E402
from lark.parsers import lalr_analysis as _lalr_analysis  # noqa: E402
from lark.parsers.lalr_analysis import Reduce as _Reduce, Shift as _Shift  # noqa: E402
from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders as _ChildFilter, ExpandSingleChild as _ExpandSingleChild, PropagatePositions as _PropagatePositions  # noqa: E402
from lark.tree import Meta as _Meta  # noqa: E402

from . import ast as A
from .builtins import ARG_TYPES as _BUILTINS, MAX_DIGITS, MAX_FACES, too_many_faces
from .diagnostics import CHOOSE_FROM, EXTENDS_MISSPELT, Diagnostic, Span, did_you_mean
from . import parse_cache
from .parse_cache import cache_folder
from .texts import TEXT as _TEXT, TEXT_OR_COMMENT as _TEXT_OR_COMMENT, part_end, parts as _text_parts, problem as _text_problem, spans as _text_spans

GRAMMAR_PATH = Path(__file__).with_name("grammar.lark")
MAX_BRACKETS = 100        # brackets open at once in one line (a text's {...} counts as one)
MAX_OPERATORS = 300       # operators and if/then/else in one line (a chain nests one deeper for each)
MAX_TEXT_PARTS = 1000     # values in braces in one text (each is compiled to a function of its own)
MAX_BLOCKS = 100          # blocks open at once
MAX_DECLARATION_LINES = 10_000   # lines of one declaration (lark reads one at once: 100,000 took 14 s)


class _RulesIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB", "LBRACE"]
    CLOSE_PAREN_types = ["RPAR", "RSQB", "RBRACE"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4


@functools.lru_cache(maxsize=2)
def build_parser(strict: bool = False) -> Lark:
    """The LALR parser. Building it is most of a cold start (about 0.35 s), so lark's analysis of
    the grammar is kept in a cache file of the user's own (see `_cache_file`), and the parser
    built from it is kept whole too (`_kept_parser`); without them, or if they are unreadable,
    the parser is built from the grammar as before."""
    text = GRAMMAR_PATH.read_text()
    kept = None if strict else _kept_parser()
    if kept is not None:
        return kept
    cache = _cache_file(text, strict)
    if strict:
        _with_interegular()
    quiet = lark_logger.level
    lark_logger.setLevel(logging.CRITICAL)      # a cache that cannot be read or written is not news
    try:
        parser = Lark(text, parser="lalr", postlex=_RulesIndenter(), start=["start", "expr"],
                      propagate_positions=True, maybe_placeholders=False, strict=strict,
                      cache=cache or False)
    finally:
        lark_logger.setLevel(quiet)
    _pass_single_children(parser)
    _build_trees_directly(parser)
    if not strict:
        _keep_parser(parser)
    return parser


def _parser_entry() -> str:
    return parse_cache.parser_name(lark_version, str(_sre.MAGIC))


def _kept_parser() -> Lark | None:
    """The parser built by an earlier process, kept whole (`_keep_parser`), or None. Lark's own
    cache keeps its analysis of the grammar in a form it rebuilds its objects from in Python, a
    tenth of a cold `tabletop check` of an edited rulebook; unpickled, they are made at C speed. A pickle
    only this user can have written (parse_cache.py's folder); one that cannot be read is ignored."""
    kept = parse_cache.read_entry("parser", _parser_entry())
    if kept is None:
        return None
    try:
        parser = pickle.loads(kept)
    except Exception:        # noqa: BLE001 - damaged or from another lark: built again
        return None
    return parser if isinstance(parser, Lark) else None


class _ParserPickler(pickle.Pickler):
    """Pickles a built parser: a module it holds (lark keeps `re`) by its name, lark's LALR
    actions, which it tells apart by identity (`action is Shift`), as the very objects, its
    lexers' compiled regular expressions with their compiled code (`_compiled_pattern`), and the
    names it read from the grammar as plain texts. Built from the grammar's text, lark keeps those
    as tokens of the grammar (a rule's name is a Token, whose `==` is Python's, called at each
    step of the parse that looks a rule up by name, and which pickle with their positions); built
    from lark's own cache they are plain texts, so the parser is the same either way."""

    def reducer_override(self, obj):
        if type(obj) is Token:
            return sys.intern, (str.__str__(obj),)
        if isinstance(obj, ModuleType):
            return importlib.import_module, (obj.__name__,)
        if obj is _Shift or obj is _Reduce:
            return getattr, (_lalr_analysis, "Shift" if obj is _Shift else "Reduce")
        if isinstance(obj, re.Pattern):
            return _compiled_pattern(obj)
        return NotImplemented


def _compiled_pattern(pattern: re.Pattern):
    """How to make `pattern` again from the code Python's `re` compiled it to, in C (`_sre.compile`,
    what `re.compile` ends with), instead of compiling its text again with `re`'s compiler, which
    is written in Python: the lexer's scanners (one large pattern for each state of the parser)
    were a thirteenth of a check of a rulebook never seen. Only when that code makes the very same
    pattern; otherwise NotImplemented (pickled as usual, compiled again when read). The entry is
    keyed by `_sre.MAGIC`, the version of that code (`_parser_entry`)."""
    try:
        parsed = _re_parser.parse(pattern.pattern, pattern.flags)
        groupindex = dict(parsed.state.groupdict)
        indexgroup = [None] * parsed.state.groups
        for name, i in groupindex.items():
            indexgroup[i] = name
        args = (pattern.pattern, pattern.flags | parsed.state.flags, [int(x) for x in _re_compiler._code(parsed, pattern.flags)],
                parsed.state.groups - 1, groupindex, tuple(indexgroup))
        if _sre.compile(*args) == pattern and _sre.compile(*args).groupindex == pattern.groupindex:
            return _sre.compile, args
    except Exception:        # noqa: BLE001 - a pattern this route cannot make: pickled as usual
        pass
    return NotImplemented


def _build_scanners(parser: Lark) -> None:
    """Build the scanner of every state of lark's contextual lexer now, before the parser is kept:
    lark builds each at the first token read in its state, in every new process."""
    lexer = getattr(getattr(parser, "parser", None), "lexer", None)
    lexer = getattr(lexer, "lexer", lexer)          # behind the indenter's connector
    for basic in list(getattr(lexer, "lexers", {}).values()) + [getattr(lexer, "root_lexer", None)]:
        if basic is not None and hasattr(basic, "scanner"):
            basic.scanner


def _keep_parser(parser: Lark) -> None:
    if parse_cache.cache_folder() is None:
        return
    _build_scanners(parser)
    out = io.BytesIO()
    try:
        _ParserPickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(parser)
    except Exception:        # noqa: BLE001 - a lark whose parser does not pickle: it is built each time
        return
    parse_cache.write_entry("parser", _parser_entry(), out.getvalue())


def _with_interegular() -> None:
    """Give lark `interegular` (left out of its import, `_lark_without_extras`): strict mode checks
    with it that no two terminals of the grammar collide."""
    import interegular
    from lark import lexer
    lexer.interegular, lexer.has_interegular = interegular, True


def _first_child(children):
    return children[0]


def _pass_single_children(parser: Lark) -> None:
    """Let a `?rule: other` step of the expression grammar hand its one child up untouched.

    An atom passes through nine such steps (`expr` down to `postfix`) to say which operators bind
    tighter, and lark's callback for each step returns the child and then sets the child's
    position fields to the values they already hold: a child is always a token, which positions
    ignore, or a tree whose positions lark set when it was built. So the callback is replaced by
    one that returns the child, the same tree with a fifth of a parse's work less. Only such
    steps are replaced (one symbol, kept, not aliased, not a `_rule` lark splices into its
    parent), and only when the callbacks are where this lark version keeps them."""
    callbacks = getattr(parser, "_callbacks", None)
    lalr = getattr(getattr(getattr(parser, "parser", None), "parser", None), "parser", None)
    if not isinstance(callbacks, dict) or getattr(lalr, "callbacks", None) is not callbacks:
        return
    for rule in parser.rules:
        options = rule.options
        if not options.expand1 or rule.alias or options.keep_all_tokens or len(rule.expansion) != 1:
            continue
        symbol = rule.expansion[0]
        if symbol.filter_out if symbol.is_term else symbol.name.startswith("_"):
            continue
        if rule in callbacks:
            callbacks[rule] = _first_child


def _build_trees_directly(parser: Lark) -> None:
    """Give each rule that builds a tree one callback that does what lark's chain of callbacks
    for it does (`_TreeBuilder`): lark calls three or four objects for every rule it reduces
    (positions, then the children kept, then a single child handed up, then the tree), and looks
    up a position of a token that has none by catching an AttributeError. The same trees,
    positions included. A chain of another shape keeps lark's own."""
    callbacks = getattr(parser, "_callbacks", None)
    lalr = getattr(getattr(getattr(parser, "parser", None), "parser", None), "parser", None)
    if not isinstance(callbacks, dict) or getattr(lalr, "callbacks", None) is not callbacks:
        return
    for rule, callback in list(callbacks.items()):
        built = _TreeBuilder.of(callback)
        if built is not None:
            callbacks[rule] = built


class _TreeBuilder:
    """One callback for lark's chain `PropagatePositions(ChildFilter(ExpandSingleChild(Tree)))`,
    the filter and the single child as the rule has them."""
    __slots__ = ("name", "include", "single")

    def __init__(self, name, include, single: bool):
        self.name, self.include, self.single = name, include, single

    @classmethod
    def of(cls, callback):
        """The builder doing what `callback` does, or None for a callback of any other shape."""
        if type(callback) is not _PropagatePositions or callback.node_filter is not None:
            return None
        inner = callback.node_builder
        include = None
        if type(inner) is _ChildFilter:
            include = tuple((i, bool(expand)) for i, expand in inner.to_include)
            inner = inner.node_builder
        single = type(inner) is _ExpandSingleChild
        if single:
            inner = inner.node_builder
        if type(inner) is not functools.partial or inner.func is not Tree or len(inner.args) != 1 or inner.keywords:
            return None
        return cls(inner.args[0], include, single)

    def __call__(self, children):
        include = self.include
        if include is None:
            kept = children
        else:                           # as lark's ChildFilterLALR_NoPlaceholders, a `_rule` spliced in
            kept = []
            for i, expand in include:
                if not expand:
                    kept.append(children[i])
                elif kept:
                    kept += children[i].children
                else:
                    kept = children[i].children
        if self.single and len(kept) == 1:
            tree = kept[0]
            if not isinstance(tree, Tree):
                return tree
            _positions(tree.meta, children, hasattr(tree.meta, "line"), hasattr(tree.meta, "end_line"))
            return tree
        meta = _Meta()
        _positions(meta, children, False, False)
        return Tree(self.name, kept, meta)


def _pp_meta(c):
    """What lark's PropagatePositions takes a child's positions from, or None (a tree without any)."""
    if isinstance(c, Token):
        return c
    if isinstance(c, Tree):
        return None if c.meta.empty else c.meta
    return c.__lark_meta__() if hasattr(c, "__lark_meta__") else None


def _positions(meta, children, has_start: bool, has_end: bool) -> None:
    """lark's PropagatePositions for `meta` from a rule's `children`: a node starts where its first
    child's container starts and ends where its last child's ends; a token has no container
    (its slots have no such field), so its own positions are taken without a failed lookup."""
    first = None
    for c in children:
        first = c if type(c) is Token else _pp_meta(c)
        if first is not None:
            break
    if first is not None:
        if type(first) is Token:
            line, column, start = first.line, first.column, first.start_pos
        else:
            line = getattr(first, "container_line", first.line)
            column = getattr(first, "container_column", first.column)
            start = getattr(first, "container_start_pos", first.start_pos)
        if not has_start:
            meta.line, meta.column, meta.start_pos = line, column, start
            meta.empty = False
        meta.container_line, meta.container_column, meta.container_start_pos = line, column, start
    last = None
    for c in reversed(children):
        last = c if type(c) is Token else _pp_meta(c)
        if last is not None:
            break
    if last is not None:
        if type(last) is Token:
            line, column, end = last.end_line, last.end_column, last.end_pos
        else:
            line = getattr(last, "container_end_line", last.end_line)
            column = getattr(last, "container_end_column", last.end_column)
            end = getattr(last, "container_end_pos", last.end_pos)
        if not has_end:
            meta.end_line, meta.end_column, meta.end_pos = line, column, end
            meta.empty = False
        meta.container_end_line, meta.container_end_column, meta.container_end_pos = line, column, end


QUICK_LOOP_LARK = ("1.3.1",)       # the lark versions whose lexer, indenter and LALR loop `_plain_parse` copies


class _NotPlain(Exception):
    """The text is not one `_parse_quickly` reads: lark's own loop reads it again, and says what is wrong."""


def _parse_quickly(parser: Lark, text: str, start: str = "start"):
    """The tree lark's `parser.parse(text, start=start)` gives, from one loop doing what lark's
    contextual lexer, the indenter (`_RulesIndenter`) and its LALR loop do through three
    generators and a few method calls for every token (which cost a twentieth of a check of a
    rulebook never seen): the same tokens, positions, tables and callbacks, so the same tree. Anything else than
    a text that parses cleanly (a syntax error, a dedent to no block, a lark built otherwise) goes
    to lark's own loop from the start, which raises its own exception, as ever."""
    try:
        return _plain_parse(parser, text, start)
    except Exception:        # noqa: BLE001 - whatever it is, lark's loop meets it and says it
        return parser.parse(text, start=start)


def _plain_parse(parser: Lark, text: str, start: str):
    """`_parse_quickly`'s loop; raises (`_NotPlain` or whatever lark's objects raise) at anything
    but a clean parse, which it leaves to lark."""
    if lark_version not in QUICK_LOOP_LARK:
        raise _NotPlain             # another lark's loop may do otherwise: it is not copied blindly
    frontend = parser.parser
    connector, lalr = frontend.lexer, frontend.parser.parser
    if type(connector.postlexer) is not _RulesIndenter or frontend.lexer_conf.lexer_type != "contextual":
        raise _NotPlain
    lexers, table, callbacks = connector.lexer.lexers, lalr.parse_table, lalr.callbacks
    states, end_state = table.states, table.end_states[start]
    state_stack, value_stack = [table.start_states[start]], []
    new_token = Token._future_new
    shift = _Shift

    def feed(token, is_end=False):          # lark's ParserState.feed_token
        while True:
            action, arg = states[state_stack[-1]][token.type]
            if action is shift:
                if is_end:                  # lark asserts it never is
                    raise _NotPlain
                state_stack.append(arg)
                value_stack.append(callbacks[token.type](token) if token.type in callbacks else token)
                return None
            size = len(arg.expansion)
            if size:
                children = value_stack[-size:]
                del state_stack[-size:]
                del value_stack[-size:]
            else:
                children = []
            value = callbacks[arg](children)
            action, state = states[state_stack[-1]][arg.origin.name]
            if action is not shift:
                raise _NotPlain
            state_stack.append(state)
            value_stack.append(value)
            if is_end and state == end_state:
                return value

    nl, indent_type, dedent_type = _RulesIndenter.NL_type, _RulesIndenter.INDENT_type, _RulesIndenter.DEDENT_type
    opening, closing = _RulesIndenter.OPEN_PAREN_types, _RulesIndenter.CLOSE_PAREN_types
    pos, end, line, line_start = 0, len(text), 1, 0
    paren, indents = 0, [0]
    seen = fed = None           # the lexer's last token; the last token fed to the parser
    while pos < end:
        lexer = lexers[state_stack[-1]]
        for pattern in (lexer._scanner or lexer.scanner)._mres:     # lark's Scanner.match
            m = pattern.match(text, pos, end)
            if m:
                break
        else:
            raise _NotPlain
        value, kind = m.group(0), m.lastgroup
        ignored = kind in lexer.ignore_types
        column = pos - line_start + 1
        start_pos = pos
        line_before = line
        if kind in lexer.newline_types:             # lark's LineCounter.feed
            newlines = value.count("\n")
            if newlines:
                line += newlines
                line_start = pos + value.rindex("\n") + 1
        pos += len(value)
        if ignored and kind not in lexer.callback:
            continue
        token = new_token(kind, value, start_pos, line_before, column, line, pos - line_start + 1, pos)
        if kind in lexer.callback:
            token = lexer.callback[kind](token)
        if ignored:
            continue
        if type(token) is not Token:
            raise _NotPlain
        seen = token
        if token.type == nl:                        # the indenter's handle_NL
            if paren == 0:
                feed(token)
                fed = token
                indent_str = token.rsplit("\n", 1)[1]
                indent = indent_str.count(" ") + indent_str.count("\t") * _RulesIndenter.tab_len
                if indent > indents[-1]:
                    indents.append(indent)
                    fed = Token.new_borrow_pos(indent_type, indent_str, token)
                    feed(fed)
                else:
                    while indent < indents[-1]:
                        indents.pop()
                        fed = Token.new_borrow_pos(dedent_type, indent_str, token)
                        feed(fed)
                    if indent != indents[-1]:
                        raise _NotPlain
        else:
            feed(token)
            fed = token
        if token.type in opening:
            paren += 1
        elif token.type in closing:
            paren -= 1
            if paren < 0:
                raise _NotPlain
    while len(indents) > 1:
        indents.pop()
        fed = Token.new_borrow_pos(dedent_type, "", seen) if seen else Token(dedent_type, "", 0, 0, 0, 0, 0, 0)
        feed(fed)
    return feed(Token.new_borrow_pos("$END", "", fed) if fed else Token("$END", "", 0, 1, 1), True)


def _cache_file(text: str, strict: bool) -> str | None:
    """Where lark may keep its analysis of this grammar: a file named by the grammar's hash and
    lark's version, in a folder only this user can write ($XDG_CACHE_HOME/tabletop or
    ~/.cache/tabletop), never a shared one such as /tmp (the cache is a pickle, and loading a
    pickle someone else wrote would run their code). None when there is no such folder."""
    folder = cache_folder()
    if folder is None:
        return None
    key = hashlib.sha256(f"{lark_version}/{sys.version_info[:2]}/{strict}/{text}".encode()).hexdigest()[:20]
    return os.path.join(folder, f"grammar-{key}.lark")


KEYWORDS = {"game", "players", "option", "enum", "kind", "grid", "die", "var", "zone", "table",
            "define", "rule", "pattern", "setup", "turn", "round", "winners", "display", "event",
            "reaction", "include", "extends", "remove", "replace", "player", "from", "to", "at",
            "in", "of", "if", "elif", "else", "for", "repeat", "times", "while", "choose", "may",
            "labelled", "by", "prompt", "option", "secretly", "each", "chooses", "timed", "as",
            "move", "draw", "shuffle", "end", "say", "signal", "pass", "stop", "return", "add",
            "then", "and", "or", "not", "starts", "with", "true", "false", "none", "list",
            "public", "owner", "hidden", "seen", "show", "board", "highest", "lowest", "on", "stage", "side",
            "play", "take", "turns", "instantly", "extend", "default", "rounds", "led", "where"}

# The words that read as something else wherever a value is written, so an enum value (or an
# option's choice) of that name could never be used: what each of them means.
TAKEN_VALUES = {"none": ("'none' means no value at all", "nothing"), "true": ("'true' is a truth", "yes"),
                "false": ("'false' is a truth", "no"), "if": ("'if' starts a condition", "maybe"),
                "not": ("'not' turns a truth around", "never")}

_FRIENDLY = {
    "NAME": "a name", "INT": "a whole number", "STRING": 'a quoted text like "this"',
    "_NL": "the end of the line", "_INDENT": "an indented block", "_DEDENT": "the end of the block",
    "$END": "the end of the file", "TOP": "'top of'", "MAY": "'may'", "PLAYER": "'player'",
}


@functools.lru_cache(maxsize=1)
def _plain_names() -> tuple:
    """The grammar's NAME as a regex, and its words that look like names ("if", "true", "players"):
    each of those lexes as itself, any other text NAME matches as one NAME token."""
    terminals = build_parser().terminals
    name = re.compile(next(t.pattern.value for t in terminals if t.name == "NAME"))
    return name, frozenset(t.pattern.value for t in terminals
                           if t.pattern.type == "str" and name.fullmatch(t.pattern.value))


def _describe_terminal(name: str) -> str:
    if name in _FRIENDLY:
        return _FRIENDLY[name]
    parser = build_parser()
    for term in parser.terminals:
        if term.name == name:
            pattern = term.pattern
            if pattern.type == "str":
                return f"'{pattern.value}'"
    return name.lower()


_FIRST = ["')'", "']'", "'}'", "':'", "the end of the line", "','", "'='", "'then'", "'else'", "'to'", "'from'"]


def describe_expected(names) -> str:
    """What the parser would have taken, in words; at most 8, closers and ':' first, since the
    one that matters is most often a missing ')' or ':'."""
    words = sorted({_describe_terminal(n) for n in names})
    if len(words) > 8:
        first = [w for w in _FIRST if w in words]
        rest = [w for w in words if w not in first]
        keep = first + [w for w in rest if not w.startswith("'")] + [w for w in rest if w.startswith("'")]
        words = keep[:8] + ["…"]
    return ", ".join(words)


def _span(file: str, meta_or_tok, line_offset: int = 0) -> Span:
    if isinstance(meta_or_tok, Token):
        return Span(file, (meta_or_tok.line or 0) + line_offset, meta_or_tok.column or 0,
                    (meta_or_tok.end_line or 0) + line_offset, meta_or_tok.end_column or 0)
    m = meta_or_tok
    if getattr(m, "empty", True):
        return Span(file)
    return Span(file, m.line + line_offset, m.column, m.end_line + line_offset, m.end_column)


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


_ESCAPE = re.compile(r"\\(.)")
_TEMPLATE_SPECIAL = re.compile(r"[{}\\]")     # what a template reads other than plain characters


def _unescape(body: str) -> str:
    return _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(1)), body)


class _ToAst(Transformer):
    """Builds AST nodes; every node gets the span of the tree it came from."""

    def __init__(self, file: str, line_offset: int, errors: list):
        super().__init__(visit_tokens=False)
        self.file = file
        self.off = line_offset
        self.errors = errors

    def transform(self, tree):
        """The AST of a parse tree: lark's `Transformer.transform`, done directly. Lark binds and
        wraps a rule's method again at every node, a quarter of a parse; here each rule's method
        is found once per process. A rule with no method stays a Tree, as with lark."""
        method = _METHODS.get(tree.data)
        if method is None:
            method = _METHODS[tree.data] = _method_of(type(self), tree.data)
        transform = self.transform
        children = [transform(c) if isinstance(c, Tree) else c for c in tree.children]
        fn, with_meta = method
        if fn is None:
            return Tree(tree.data, children, tree.meta)
        try:
            return fn(self, tree.meta, children) if with_meta else fn(self, children)
        except RecursionError:
            raise
        except Exception as e:          # as lark does: the rule's name and tree go with the error
            raise VisitError(tree.data, tree, e) from e

    # -- helpers
    def sp(self, meta):
        return _span(self.file, meta, self.off)

    def text(self, tok: Token) -> str:
        """The text a quoted token stands for, its escapes checked (a text without `{ }` parts)."""
        self.check_escapes(tok)
        return _unescape(tok.value[1:-1])

    def check_escapes(self, tok: Token):
        """An escape the language does not know is E109 at its backslash: `"\\q"` would otherwise
        quietly become `q`, and a Windows path lose its backslashes."""
        for m in _ESCAPE.finditer(tok.value, 1, len(tok.value) - 1):
            if m.group(1) not in _ESCAPES:
                at = _span(self.file, tok, self.off)
                col = at.column + m.start()
                hint = ("write {{ or }} for a brace" if m.group(1) in "{}"
                        else "write \\\\ for a backslash")
                self.errors.append(Diagnostic("E109", f"This text has the escape '\\{m.group(1)}', which the language "
                                                      "does not know; a text knows \\\", \\\\, \\n and \\t.",
                                              Span(at.file, at.line, col, at.line, col + 2), hint))

    def template(self, tok: Token) -> A.Template:
        """A quoted text; `{expr}` parts are expressions, `{{` and `}}` are literal braces."""
        self.check_escapes(tok)
        raw = tok.value[1:-1]
        parts, buf, i, shown = [], "", 0, 0
        while i < len(raw):
            # The plain characters up to the next brace or backslash, in one step: one at a time
            # (`buf += ch`) a text of a megabyte took minutes to read.
            plain = _TEMPLATE_SPECIAL.search(raw, i)
            stop = plain.start() if plain else len(raw)
            if stop > i:
                buf += raw[i:stop]
                i = stop
                continue
            ch = raw[i]
            if raw.startswith("{{", i) or raw.startswith("}}", i):
                buf += ch
                i += 2
                continue
            if ch == "\\":         # an escape is two characters; `\{` (E109, told above) stands for the brace
                nxt = raw[i + 1:i + 2]
                buf += nxt if nxt in ("{", "}") else ch + nxt
                i += 2
                continue
            if ch == "}":        # a '}' that closes no '{': the language's brace is '}}' (docs/language.md)
                at = _span(self.file, tok, self.off)
                self.errors.append(Diagnostic("E102", "This text has a '}' that closes no '{'.",
                                              Span(at.file, at.line, at.column + 1 + i),
                                              "write }} for a literal brace, or remove it"))
                i += 1
                continue
            if ch == "{" and shown >= MAX_TEXT_PARTS:
                # 100,000 of them took half a minute to check and as long again to start a game.
                at = _span(self.file, tok, self.off)
                self.errors.append(Diagnostic("E105", f"This text shows more than {MAX_TEXT_PARTS:,} values in "
                                                      "braces {…}.", Span(at.file, at.line, at.column + 1 + i),
                                              'split it into several texts, or show a list at once: '
                                              '{join(xs, ", ")}'))
                break
            if ch == "{":
                end, escaped = part_end(raw, i)
                if end is None:
                    at = _span(self.file, tok, self.off)
                    self.errors.append(Diagnostic("E102", "This text has a '{' with no closing '}'.",
                                                  Span(at.file, at.line, at.column + 1 + i),
                                                  "close it with '}' after the name or expression, or write {{ for a literal brace"))
                    break
                if buf:
                    parts.append(_unescape(buf))
                    buf = ""
                col = (tok.column or 0) + 1 + i + 1
                if escaped is not None:
                    # `{if x then \"a\" else \"b\"}`: a text inside braces takes plain quotes; the
                    # escaped one may hold braces of its own, so this '{' closed at the wrong '}'
                    # and the rest is not what the author wrote: one error, no cascade after it.
                    at = _span(self.file, tok, self.off)
                    self.errors.append(Diagnostic(
                        "E103", "A '\\\"' inside a template's braces is not a quote: a text inside the braces is "
                                "written with plain quotes.", Span(at.file, at.line, at.column + 1 + escaped),
                        'write the text as it would stand anywhere else: {join(xs, ", ")}'))
                    buf = ""
                    break
                parts.append(self._sub_expr(raw[i + 1:end], tok, col))
                shown += 1
                i = end + 1
                continue
            buf += ch
            i += 1
        if buf or not parts:
            parts.append(_unescape(buf))
        return A.Template(parts, span=_span(self.file, tok, self.off))

    def _sub_expr(self, text: str, tok: Token, col: int):
        line = (tok.line or 0) + self.off
        name, words = _plain_names()
        if name.fullmatch(text) and text not in words:
            # `{name}`, most of them: what lark would give (one NAME token), without a parse.
            return A.Name(text, span=Span(self.file, line, col, line, col + len(text)))
        try:
            tree = build_parser().parse(text, start="expr")
        except UnexpectedInput as e:
            hint = "inside {…} write an expression such as {s.name}"
            if "'" in text and '"' not in text:    # `{join(xs, ' | ')}`: texts take double quotes
                hint = 'a text is written in double quotes, inside braces too: {join(xs, " | ")}'
            elif not text.strip():                 # `"{}"`: a brace meant as a brace
                hint = "braces hold an expression, such as {s.name}; for a brace itself, write {{ or }}"
            elif re.fullmatch(r"(.*[^:<>=!])\s*:\s*[<>^]?\d*(\.\d+)?[dfsx%]?", text) and \
                    not re.search(r"\b(if|for|in)\b|=>", text):
                # `{score(p):3d}`: Python's format, which the language has no use for
                hint = (f"a value is shown as it is: write {{{text.rsplit(':', 1)[0].strip()}}}, without a format "
                        "after ':'")
            elif re.fullmatch(r"\s*[A-Za-z_][\w.]*\s*=[^=].*", text):   # `{x = 3}`: a step, not a value
                hint = "braces show a value; set a name on a line of its own before the text, then show it: {x}"
            elif "#" in text:                      # `{count(p.hand) # cards}`: no comment inside a text
                before = text.split("#", 1)[0].strip()
                hint = ("a '#' inside braces is not a comment (a comment starts after the text's closing quote): "
                        + (f"write {{{before}}} alone, and the comment at the end of the line"
                           if before else "braces hold an expression only; for the sign itself, write it outside them"))
            elif re.fullmatch(r"\s*[A-Za-z_][\w.()\[\]]*\.\s*", text):  # `{p.}`: a field left out
                hint = (f"a '.' is followed by the name of a field, as in {{c.name}}; or leave out the '.' to show "
                        f"{{{text.strip()[:-1]}}} itself")
            elif re.fullmatch(r"\s*\.\s*[A-Za-z_]\w*\s*", text):   # `{.rank}`: whose field?
                hint = (f"a field is read from something: write what it belongs to before the '.', such as "
                        f"{{c{text.strip()}}}")
            self.errors.append(Diagnostic("E103", f"The expression '{{{text}}}' inside this text is not valid.",
                                          Span(self.file, line, col + max(getattr(e, 'column', 1), 1) - 1),
                                          hint))
            return A.Lit(None, span=Span(self.file, line, col))
        found = []
        sub = _ToAst(self.file, 0, found)
        node = sub.transform(tree) if isinstance(tree, Tree) else sub._token_expr(tree)
        # Its spans, counted from the start of the text inside the braces, placed where it stands;
        # so are those of the errors found inside it (a number too long), not left at line 1.
        def place(s):
            return Span(self.file, line, col + max(s.column, 1) - 1, line, col + max(s.end_column, 1) - 1)
        for d in found:
            d.span = place(d.span)
            self.errors.append(d)
        return _respanned(node, place)

    def number(self, tok: Token) -> int:
        """A whole number written in the rulebook; one too long is E106 (and reads as 0)."""
        if len(tok) > MAX_DIGITS:
            self.errors.append(Diagnostic("E106", f"This number has {len(tok)} digits; a rulebook's numbers have at "
                                                  f"most {MAX_DIGITS}.", self.sp(tok)))
            return 0
        return int(tok)

    def _token_expr(self, tok):
        if tok.type == "INT":
            return A.Lit(self.number(tok), span=self.sp(tok))
        if tok.type == "STRING":
            return self.template(tok)
        return A.Name(str(tok), span=self.sp(tok))

    # -- top level
    @v_args(meta=True)
    def start(self, meta, children):
        return A.Module(self.file, list(children), span=self.sp(meta))

    @v_args(meta=True)
    def game_decl(self, meta, c):
        return A.GameDecl(self.text(c[0]), span=self.sp(meta))

    @v_args(meta=True)
    def players_decl(self, meta, c):
        low = self.number(c[0])
        high = self.number(c[1]) if len(c) > 1 else low
        return A.PlayersDecl("players", low=low, high=high, span=self.sp(meta))

    @v_args(meta=True)
    def option_decl(self, meta, c):
        default = str(c[2]) if len(c) > 2 else None
        return A.OptionDecl(str(c[0]), choices=c[1], default=default, span=self.sp(meta))

    def name_list(self, c):
        """The values of an enum or the choices of an option. A word the language gives a meaning of
        its own where a value is written (`none`, `true`, `if`) could never name one: E203 at it."""
        for t in c:
            if str(t) in TAKEN_VALUES:
                meaning, instead = TAKEN_VALUES[str(t)]
                self.errors.append(Diagnostic("E203", f"The word '{t}' is taken by the language ({meaning}), so it "
                                                      "cannot name a value.", self.sp(t),
                                              f"give the value another name, such as '{instead}'"))
        return [str(t) for t in c]

    @v_args(meta=True)
    def enum_decl(self, meta, c):
        return A.EnumDecl(str(c[0]), values=c[1], span=self.sp(meta))

    @v_args(meta=True)
    def kind_decl(self, meta, c):
        per_player = isinstance(c[0], Token) and c[0].type == "PLAYER"
        if per_player:
            c = c[1:]
        name = str(c[0])
        rest = c[1:]
        source = None
        if rest and isinstance(rest[0], Token) and rest[0].type == "STRING":
            source = self.text(rest[0])
            rest = rest[1:]
        return A.KindDecl(name, source=source, fields=[x for x in rest if isinstance(x, A.FieldDecl)],
                          per_player=per_player, zones=[x for x in rest if isinstance(x, A.ZoneDecl)],
                          span=self.sp(meta))

    @v_args(meta=True)
    def field_decl(self, meta, c):
        return A.FieldDecl(str(c[0]), c[1], c[2] if len(c) > 2 else None, span=self.sp(meta))

    @v_args(meta=True)
    def data_field_default(self, meta, c):
        return A.FieldDecl(str(c[0]), c[1], None, data_default=c[2], span=self.sp(meta))

    def data_default(self, c):
        t = c[0]
        if isinstance(t, Token) and t.type == "STRING":
            return self.text(t)
        return t if isinstance(t, int) else str(t)

    def default_true(self, c):
        return True

    def default_false(self, c):
        return False

    def default_none(self, c):
        return None

    def default_empty(self, c):
        return []

    @v_args(meta=True)
    def grid_decl(self, meta, c):
        return A.GridDecl(str(c[0]), row=str(c[1]), col=str(c[2]), span=self.sp(meta))

    @v_args(meta=True)
    def die_decl(self, meta, c):
        faces = []
        for f in c[1:]:
            faces.extend(f)
        return A.DieDecl(str(c[0]), faces=faces, span=self.sp(meta))

    @v_args(meta=True)
    def face_range(self, meta, c):
        low, high = c[0], c[1]          # whole numbers already (signed_int), either end may be negative
        if high - low + 1 > MAX_FACES:
            self.errors.append(Diagnostic("E206", too_many_faces(high - low + 1),
                                          self.sp(meta)))
            return [low]
        if low > high:     # told here; its faces kept, so that its rolls are not told as mistakes too
            self.errors.append(Diagnostic("E206", f"The die's range of faces {low} to {high} is backwards, so it "
                                                  "has no faces.", self.sp(meta), f"write {high} to {low}"))
            return list(range(high, low + 1))
        return list(range(low, high + 1))

    def face_value(self, c):
        v = c[0]
        return [v if isinstance(v, int) else str(v)]

    def signed_int(self, c):
        return self.number(c[0])

    def neg_int(self, c):
        return -self.number(c[0])

    @v_args(meta=True)
    def var_decl(self, meta, c):
        per_player = isinstance(c[0], Token) and c[0].type == "PLAYER"
        if per_player:
            c = c[1:]
        name, typ = str(c[0]), c[1]
        low = high = None
        rest = c[2:]
        if isinstance(rest[0], tuple):
            low, high = rest[0]
            rest = rest[1:]
        return A.VarDecl(name, type=typ, per_player=per_player, low=low, high=high, init=rest[0],
                         span=self.sp(meta))

    def int_range(self, c):
        return (c[0], c[1])

    @v_args(meta=True)
    def zone_decl(self, meta, c):
        per_player = isinstance(c[0], Token) and c[0].type == "PLAYER"
        if per_player:
            c = c[1:]
        count = None
        if isinstance(c[1], int):
            count, c = c[1], [c[0]] + list(c[2:])
        return A.ZoneDecl(str(c[0]), elem=str(c[1]), per_player=per_player, visibility=c[2], count=count,
                          span=self.sp(meta))

    def zone_count(self, c):
        return self.number(c[0])

    def public(self, c):
        return "public"

    def owner(self, c):
        return "owner"

    def hidden(self, c):
        return "hidden"

    def top_public(self, c):
        # `top public`: a face-up pile, whose top thing every seat sees and whose others nobody does
        return "top"

    def seen_by(self, c):
        # `seen by looker`: one player's, named by a player read when a view is made; `seen by
        # others`: every seat but the zone's owner (a hand held facing away, as in Hanabi)
        return "others" if str(c[0]) == "others" else f"seen by {c[0]}"

    def owner_seen_by(self, c):
        # `owner and seen by looked_at_by`: a hand its owner sees, and so does the player a
        # variable names while it names one (another player looking at the hand)
        return f"owner and seen by {c[0]}"

    @v_args(meta=True)
    def table_decl(self, meta, c):
        return A.TableDecl(str(c[0]), entries=list(c[1:]), span=self.sp(meta))

    @v_args(meta=True)
    def table_entry(self, meta, c):
        low, high = c[0]
        return A.TableEntry(low, high, c[-1], more_keys=list(c[1:-1]), span=self.sp(meta))

    def key_range(self, c):
        return (c[0], c[1])

    def key_value(self, c):
        v = c[0]
        if isinstance(v, Token):
            v = A.TextKey(self.text(v)) if v.type == "STRING" else str(v)
        return (v, v)

    @v_args(meta=True)
    def define_decl(self, meta, c):
        name = str(c[0])
        rest = c[1:]
        params, has_params, result = [], False, None
        if rest and isinstance(rest[0], list):
            params, has_params = rest[0], True
            rest = rest[1:]
        wheres = []
        while rest and isinstance(rest[-1], tuple):      # `where` lines, each a tuple (where_line)
            wheres.insert(0, rest[-1])
            rest = rest[:-1]
        if len(rest) == 2:
            result = rest[0]
        body = rest[-1]
        for where_name, value, span, name_span in reversed(wheres):     # the first line outermost
            body = A.Where(where_name, value, body, span=span, name_span=name_span)
        return A.DefineDecl(name, params=params, result=result, body=body, has_params=has_params,
                            span=self.sp(meta))

    @v_args(meta=True)
    def where_line(self, meta, c):
        at, value = self.sp(meta), c[1]
        end = getattr(value, "span", None) or at        # the line's span ends with its value, not its line break
        return (str(c[0]), value, Span(at.file, at.line, at.column, end.end_line, end.end_column),
                _span(self.file, c[0], self.off))

    @v_args(meta=True)
    def rule_decl(self, meta, c):
        name = str(c[0])
        params = c[1] if len(c) > 2 else []
        return A.RuleDecl(name, params=params, body=c[-1], span=self.sp(meta))

    @v_args(meta=True)
    def stage_decl(self, meta, c):
        name = str(c[0])
        params = c[1] if len(c) > 2 else []
        return A.StageDecl(name, params=params, body=c[-1], span=self.sp(meta))

    @v_args(meta=True)
    def side_decl(self, meta, c):
        return A.SideDecl(str(c[0]), span=self.sp(meta))

    def params(self, c):
        return list(c)

    @v_args(meta=True)
    def param(self, meta, c):
        return A.Param(str(c[0]), c[1], span=self.sp(meta))

    @v_args(meta=True)
    def pattern_decl(self, meta, c):
        return A.PatternDecl(str(c[0]), enum=str(c[1]), alternatives=list(c[2:]), span=self.sp(meta))

    def pattern_seq(self, c):
        return list(c)

    def pattern_one(self, c):
        return [str(c[0])]

    def pattern_any_order(self, c):
        return [str(t) for t in c]

    @v_args(meta=True)
    def setup_phase(self, meta, c):
        return A.PhaseDecl("setup", body=c[0], span=self.sp(meta))

    @v_args(meta=True)
    def turn_phase(self, meta, c):
        return A.PhaseDecl("turn", body=c[0], span=self.sp(meta))

    @v_args(meta=True)
    def round_phase(self, meta, c):
        return A.PhaseDecl("round", body=c[0], span=self.sp(meta))

    @v_args(meta=True)
    def play_phase(self, meta, c):
        return A.PhaseDecl("play", body=c[0], span=self.sp(meta))

    @v_args(meta=True)
    def winners_decl(self, meta, c):
        if isinstance(c[0], list):
            return A.WinnersDecl("winners", ranking=c[0], span=self.sp(meta))
        return A.WinnersDecl("winners", expr=c[0], span=self.sp(meta))

    def ranking(self, c):
        return list(c)

    def rank_highest(self, c):
        return ("highest", str(c[0]))

    def rank_lowest(self, c):
        return ("lowest", str(c[0]))

    @v_args(meta=True)
    def display_decl(self, meta, c):
        return A.DisplayDecl("display", items=list(c), span=self.sp(meta))

    @v_args(meta=True)
    def show_line(self, meta, c):
        # show TEXT [for NAME in LIST] [if COND]: a NAME token tells the `for` apart
        var, items = (str(c[1]), c[2]) if len(c) >= 3 else (None, None)
        cond = c[-1] if len(c) in (2, 4) else None
        return A.ShowLine(self.template(c[0]), var, items, cond, span=self.sp(meta))

    @v_args(meta=True)
    def show_board(self, meta, c):
        return A.ShowBoard(str(c[0]), str(c[1]), self.template(c[2]), span=self.sp(meta))

    @v_args(meta=True)
    def event_decl(self, meta, c):
        return A.EventDecl(str(c[0]), params=c[1], span=self.sp(meta))

    @v_args(meta=True)
    def reaction_decl(self, meta, c):
        name, (event, event_args) = str(c[0]), c[1]
        rest = list(c[2:])
        body = rest.pop()
        prompt = rest.pop()[1] if isinstance(rest[-1], tuple) and rest[-1][0] == "prompt" else None
        label = self.template(rest.pop())
        player_var = str(rest.pop(0))
        var = iterable = None
        if rest and isinstance(rest[0], tuple) and rest[0][0] == "for":
            _, var, iterable = rest.pop(0)
        cond = rest.pop(0) if rest else None
        return A.ReactionDecl(name, event=event, event_args=event_args, player_var=player_var,
                              cond=cond, label=label, prompt=prompt, body=body, instant=event is None,
                              var=var, iterable=iterable, span=self.sp(meta))

    def reaction_on(self, c):
        return (str(c[0]), [str(t) for t in c[1:]])

    def reaction_instantly(self, c):
        return (None, [])

    def reaction_for(self, c):
        return ("for", str(c[0]), c[1])

    @v_args(meta=True)
    def include_decl(self, meta, c):
        return A.IncludeDecl(self.text(c[0]), span=self.sp(meta))

    @v_args(meta=True)
    def extends_decl(self, meta, c):
        return A.ExtendsDecl(self.text(c[0]), span=self.sp(meta))

    @v_args(meta=True)
    def remove_decl(self, meta, c):
        return A.RemoveDecl(str(c[0]), span=self.sp(meta))

    @v_args(meta=True)
    def replace_decl(self, meta, c):
        c[0].replace = True
        return c[0]

    @v_args(meta=True)
    def extend_decl(self, meta, c):
        c[0].extend = True
        return c[0]

    @v_args(meta=True)
    def menu_extension(self, meta, c):
        prompt = self.template(c[0]) if isinstance(c[0], Token) and c[0].type == "STRING" else None
        rest = c[1:] if prompt is not None else c
        return A.MenuExtendDecl(str(rest[0]), prompt=prompt, changes=list(rest[1:]), span=self.sp(meta))

    @v_args(meta=True)
    def replace_option(self, meta, c):
        return A.OptionChange(c[0].label, c[0], span=self.sp(meta))

    @v_args(meta=True)
    def remove_option(self, meta, c):
        return A.OptionChange(self.template(c[0]), None, span=self.sp(meta))

    @v_args(meta=True)
    def type_name(self, meta, c):
        return A.TypeRef(str(c[0]), span=self.sp(meta))

    @v_args(meta=True)
    def type_player(self, meta, c):
        return A.TypeRef("player", span=self.sp(meta))

    @v_args(meta=True)
    def type_list(self, meta, c):
        return A.TypeRef("list", c[0], span=self.sp(meta))

    # -- statements
    def block(self, c):
        return list(c)

    @v_args(meta=True)
    def assign(self, meta, c):
        return A.Assign(c[0], "=", c[1], span=self.sp(meta))

    @v_args(meta=True)
    def assign_add(self, meta, c):
        return A.Assign(c[0], "+=", c[1], span=self.sp(meta))

    @v_args(meta=True)
    def assign_sub(self, meta, c):
        return A.Assign(c[0], "-=", c[1], span=self.sp(meta))

    @v_args(meta=True)
    def call_stmt(self, meta, c):
        return A.CallStmt(str(c[0]), c[1] if len(c) > 1 else [], span=self.sp(meta))

    @v_args(meta=True)
    def move_stmt(self, meta, c):
        top = any(isinstance(x, Token) and x.type == "TOP" for x in c)
        c = [x for x in c if not (isinstance(x, Token) and x.type == "TOP")]
        return A.Move(c[0], c[1], c[2], to_top=top, span=self.sp(meta))

    @v_args(meta=True)
    def draw_stmt(self, meta, c):
        return A.Draw(c[0], c[1], c[2], span=self.sp(meta))

    @v_args(meta=True)
    def shuffle_stmt(self, meta, c):
        return A.Shuffle(c[0], span=self.sp(meta))

    @v_args(meta=True)
    def end_game(self, meta, c):
        return A.EndGame(self.template(c[0]) if c else None, span=self.sp(meta))

    @v_args(meta=True)
    def end_turn(self, meta, c):
        return A.EndStage("turn", self.template(c[0]) if c else None, span=self.sp(meta))

    @v_args(meta=True)
    def end_stage(self, meta, c):
        return A.EndStage(str(c[0]), self.template(c[1]) if len(c) > 1 else None, span=self.sp(meta))

    @v_args(meta=True)
    def take_turns_stmt(self, meta, c):
        return A.TakeTurns(c[0] if c else None, span=self.sp(meta))

    @v_args(meta=True)
    def take_rounds_stmt(self, meta, c):
        return A.TakeRounds(c[0] if c else None, span=self.sp(meta))

    @v_args(meta=True)
    def say_stmt(self, meta, c):
        return A.Say(self.template(c[0]), span=self.sp(meta))

    @v_args(meta=True)
    def signal_stmt(self, meta, c):
        return A.Signal(str(c[0]), c[1] if len(c) > 1 else [], span=self.sp(meta))

    @v_args(meta=True)
    def pass_stmt(self, meta, c):
        return A.Pass(span=self.sp(meta))

    @v_args(meta=True)
    def stop_stmt(self, meta, c):
        return A.Stop(span=self.sp(meta))

    @v_args(meta=True)
    def return_stmt(self, meta, c):
        return A.Return(span=self.sp(meta))

    @v_args(meta=True)
    def add_stmt(self, meta, c):
        return A.AddTo(c[0], c[1], span=self.sp(meta))

    @v_args(meta=True)
    def take_stmt(self, meta, c):
        return A.RemoveFrom(c[0], c[1], span=self.sp(meta))

    @v_args(meta=True)
    def if_stmt(self, meta, c):
        branches = [(c[0], c[1])]
        other = None
        for extra in c[2:]:
            if extra[0] == "elif":
                branches.append((extra[1], extra[2]))
            else:
                other = extra[1]
        return A.If(branches, other, span=self.sp(meta))

    def elif_clause(self, c):
        return ("elif", c[0], c[1])

    def else_clause(self, c):
        return ("else", c[0])

    @v_args(meta=True)
    def for_stmt(self, meta, c):
        cond = c[2] if len(c) == 4 else None
        return A.For(str(c[0]), c[1], cond, c[-1], span=self.sp(meta))

    @v_args(meta=True)
    def repeat_stmt(self, meta, c):
        return A.Repeat(c[0], c[1], span=self.sp(meta))

    @v_args(meta=True)
    def while_stmt(self, meta, c):
        return A.While(c[0], c[1], span=self.sp(meta))

    def _choose(self, meta, c, body):
        may = isinstance(c[0], Token) and c[0].type == "MAY"
        if may:
            c = c[1:]
        tail = c[2]
        return A.Choose(str(c[0]), c[1], tail["if"], tail["labelled"], tail["by"], tail["prompt"], may, body,
                        declined=tail["declined"], span=self.sp(meta))

    @v_args(meta=True)
    def choose_value(self, meta, c):
        return self._choose(meta, c, None)

    @v_args(meta=True)
    def choose_block(self, meta, c):
        return self._choose(meta, c[:-1], c[-1])

    def choice_tail(self, c):
        tail = {"if": None, "labelled": None, "by": None, "prompt": None, "declined": None}
        for key, value in c:
            if key == "labelled":           # the label, and the way to decline's label after `or`
                tail["labelled"], tail["declined"] = value
            else:
                tail[key] = value
        return tail

    def choice_if(self, c):
        return ("if", c[0])

    def choice_label(self, c):
        return ("labelled", (self.template(c[0]), c[1][1] if len(c) > 1 else None))

    def decline_label(self, c):
        return ("declined", self.template(c[0]))

    def choice_by(self, c):
        return ("by", c[0])

    def choice_prompt(self, c):
        return ("prompt", self.template(c[0]))

    @v_args(meta=True)
    def choose_menu(self, meta, c):
        by = prompt = None
        options = []
        for x in c:
            if isinstance(x, A.MenuOption):
                options.append(x)
            elif isinstance(x, Token) and x.type == "STRING":
                prompt = self.template(x)
            else:
                by = x
        return A.Menu(by, prompt, options, span=self.sp(meta))

    @v_args(meta=True)
    def menu_option(self, meta, c):
        label = self.template(c[0])
        body = c[-1]
        mid = c[1:-1]
        var = iterable = cond = None
        if mid and isinstance(mid[0], Token) and mid[0].type == "NAME":
            var, iterable = str(mid[0]), mid[1]
            mid = mid[2:]
        if mid:
            cond = mid[0]
        return A.MenuOption(label, var, iterable, cond, body, span=self.sp(meta))

    @v_args(meta=True)
    def secret_choice(self, meta, c):
        c = list(c)
        may = isinstance(c[2], Token) and c[2].type == "MAY"
        if may:
            del c[2]
        pvar, players, var, source = str(c[0]), c[1], str(c[2]), c[3]
        rest = list(c[4:-1])
        body = c[-1]
        cond = None
        if rest and not isinstance(rest[0], Token):
            cond = rest.pop(0)
        label = self.template(rest.pop(0))
        declined = rest.pop(0)[1] if rest and isinstance(rest[0], tuple) and rest[0][0] == "declined" else None
        prompt = rest.pop(0)[1] if rest and isinstance(rest[0], tuple) else None
        time_var = str(rest[0]) if rest else None
        return A.Secret(pvar, players, var, source, cond, label, time_var, body, prompt=prompt, may=may,
                        declined=declined, span=self.sp(meta))

    # -- expressions
    @v_args(meta=True)
    def cond_expr(self, meta, c):
        return A.Cond(c[0], c[1], c[2], span=self.sp(meta))

    @v_args(meta=True)
    def lambda_expr(self, meta, c):
        return A.Lambda(str(c[0]), c[1], span=self.sp(meta))

    def _chain(self, op, meta, c):
        node = c[0]
        for right in c[1:]:
            node = A.Binary(op, node, right, span=self.sp(meta))
        return node

    @v_args(meta=True)
    def or_expr(self, meta, c):
        return self._chain("or", meta, c)

    @v_args(meta=True)
    def and_expr(self, meta, c):
        return self._chain("and", meta, c)

    @v_args(meta=True)
    def not_expr(self, meta, c):
        return A.Unary("not", c[0], span=self.sp(meta))

    def _bin(op):
        @v_args(meta=True)
        def method(self, meta, c):
            return A.Binary(op, c[0], c[1], span=self.sp(meta))
        return method

    eq, ne, lt, le, gt, ge = _bin("=="), _bin("!="), _bin("<"), _bin("<="), _bin(">"), _bin(">=")
    add, sub, mul, div, mod = _bin("+"), _bin("-"), _bin("*"), _bin("/"), _bin("%")
    member, not_member = _bin("in"), _bin("not in")

    @v_args(meta=True)
    def starts_with(self, meta, c):
        return A.StartsWith(c[0], str(c[1]), span=self.sp(meta))

    @v_args(meta=True)
    def neg(self, meta, c):
        return A.Unary("-", c[0], span=self.sp(meta))

    @v_args(meta=True)
    def field(self, meta, c):
        return A.Field(c[0], str(c[1]), span=self.sp(meta), name_span=_span(self.file, c[1], self.off))

    @v_args(meta=True)
    def index(self, meta, c):
        return A.Index(c[0], c[1], more_keys=list(c[2:]), span=self.sp(meta))

    @v_args(meta=True)
    def call(self, meta, c):
        return A.Call(str(c[0]), c[1] if len(c) > 1 else [], span=self.sp(meta))

    def args(self, c):
        return list(c)

    @v_args(meta=True)
    def int_lit(self, meta, c):
        return A.Lit(self.number(c[0]), span=self.sp(meta))

    @v_args(meta=True)
    def str_lit(self, meta, c):
        return self.template(c[0])

    @v_args(meta=True)
    def true_lit(self, meta, c):
        return A.Lit(True, span=self.sp(meta))

    @v_args(meta=True)
    def false_lit(self, meta, c):
        return A.Lit(False, span=self.sp(meta))

    @v_args(meta=True)
    def none_lit(self, meta, c):
        return A.Lit(None, span=self.sp(meta))

    @v_args(meta=True)
    def name(self, meta, c):
        return A.Name(str(c[0]), span=self.sp(meta))

    @v_args(meta=True)
    def thing_ref(self, meta, c):
        return A.ThingRef(str(c[0]), self.text(c[1]), span=self.sp(meta))

    @v_args(meta=True)
    def list_lit(self, meta, c):
        return A.ListLit(list(c), span=self.sp(meta))

    @v_args(meta=True)
    def comprehension(self, meta, c):
        cond = c[3] if len(c) == 4 else None
        return A.Comprehension(c[0], str(c[1]), c[2], cond, span=self.sp(meta))


# ----------------------------------------------------------------------------- entry points
def _syntax_diagnostic(e: UnexpectedInput, file: str, text: str, line_offset: int) -> Diagnostic:
    line = (getattr(e, "line", 0) or 0)
    col = (getattr(e, "column", 0) or 0)
    if line <= 0:   # end of file
        lines = _lines(text) or [""]
        line, col = len(lines), len(lines[-1]) + 1
    tok = getattr(e, "token", None)
    if tok is not None and tok.type != "NAME" and str(tok) == "top":
        # `top` is a word of the language only in a zone's `top public`; met where no name may
        # stand either (`in 0 to top`), lark's lexer calls it that word: it is a name, as told
        tok = e.token = Token.new_borrow_pos("NAME", str(tok), tok)
    at_end = isinstance(e, UnexpectedEOF) or (tok is not None and tok.type in ("$END", "_NL", "_DEDENT"))
    misspelt = None
    found = _text_braces(text, line) or _unclosed(text, line, col, at_end) or _quotes_unpaired(text, line, col) \
        or _statement_at_margin(text, line, col) or _option_out_of_place(e, text, line, col) \
        or _line_break(tok, text, line, col, line_offset) \
        or _dedented_before_else(text, _indented_line_after(text, line) if tok is not None and tok.type == "_INDENT"
                                 else line, line_offset) \
        or _else_without_if(text, line, line_offset) or _lone_text(text, line) or _board_not_kind(text, line, col) \
        or (misspelt := _misspelt(e, text, line, col)) \
        or _habit(e, text, line, col)
    if found is not None:
        code, message, (at_line, at_col), hint = found[:4]
        end = 0
        if misspelt is not None:      # the caret under the whole misspelt word
            word = re.match(r"\w+", (text.split("\n")[at_line - 1] if at_line >= 1 else "")[at_col - 1:])
            end = at_col + len(word.group(0)) if word else 0
        return Diagnostic(code, message, Span(file, at_line + line_offset, at_col,
                                              at_line + line_offset if end else 0, end), hint,
                          about=found[4] if len(found) > 4 else ())      # a finder's fifth item: its data
    return _plain_syntax_diagnostic(e, file, text, line, col, line_offset)


_CLOSER = {"(": ")", "[": "]", "{": "}"}

# The words a statement line, or a declaration at the left margin, starts with.
_STATEMENT_WORDS = ("move", "draw", "shuffle", "end", "take", "say", "signal", "pass", "stop", "return", "add",
                    "remove", "if", "elif", "else", "for", "repeat", "while", "choose", "may", "secretly", "option")
_DECLARATION_WORDS = ("game", "players", "option", "enum", "kind", "player", "grid", "die", "var", "zone", "table",
                      "define", "rule", "stage", "side", "pattern", "setup", "turn", "round", "play", "winners",
                      "display", "event", "reaction", "include", "extends", "remove", "replace", "extend")


# The words inside a line that a value or a type goes on after (a slip of one reads as a name,
# and the parser stops at the word after it).
_GOES_ON_WORDS = ("if", "then", "else", "for", "in", "and", "or", "not", "list", "of", "from", "to", "labelled",
                  "prompt", "by", "where", "with", "each", "chooses", "as", "timed", "times")


def _edits(a: str, b: str) -> int:
    """The number of letters added, dropped, changed or swapped with the next that make `a` into `b`."""
    prev2, prev = None, list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], prev2[j - 2] + 1)
        prev2, prev = prev, row
    return prev[-1]


def _closest_word(word: str, words) -> str | None:
    """The keyword `word` is most likely a misspelling of: one slip for a short word, two for a
    long one; None when none is that close, or `word` is one of them."""
    if len(word) < 3 or not words or word in words:
        return None
    most = 1 if len(word) < 7 else 2
    best = min(words, key=lambda w: _edits(word, w))
    return best if _edits(word, best) <= most else None


def _glued_keyword(here: str, col: int):
    """(word, column, keyword) when the error is inside a word whose start the lexer read as a
    keyword of its own (`owners`: 'owner', then an unexpected 's'), or None."""
    i = col - 1
    if not (0 < i < len(here)) or not (here[i].isalnum() or here[i] == "_") or not (here[i - 1].isalnum() or here[i - 1] == "_"):
        return None
    start = i
    while start > 0 and (here[start - 1].isalnum() or here[start - 1] == "_"):
        start -= 1
    end = i
    while end < len(here) and (here[end].isalnum() or here[end] == "_"):
        end += 1
    keyword = here[start:i]
    if keyword not in _plain_names()[1]:
        return None
    word = here[start:end]
    # `playyers`: read as 'play' and 'yers', but one slip from 'players', the word it was meant to be
    nearer = _closest_word(word, _plain_names()[1])
    if nearer is not None and _edits(word, nearer) < _edits(word, keyword):
        keyword = nearer
    return word, start + 1, keyword


# The start of each declaration, as it reads when written inside a block by mistake: no statement
# starts this way (a statement's first name is followed by '=', '(', '.', '[' or a keyword).
_INDENTED_DECLARATION = re.compile(
    r"[ \t]+(?:(?P<named>(?:player[ \t]+)?(?:var|zone|kind)|enum|grid|die|table|define|rule|stage|side|pattern"
    r"|event|reaction|extend|replace)[ \t]+(?P<name>[A-Za-z_]\w*)"
    r"|(?P<option>option)[ \t]+[A-Za-z_]\w*[ \t]*:[ \t]*[A-Za-z_]"
    r"|(?P<file>game|include|extends)[ \t]+\"(?:[^\"\\]|\\.)*\"[ \t]*(?:#.*)?$"
    r"|(?P<players>players)[ \t]+(?P<count>\d+)"
    r"|(?P<section>setup|play|turn|round|display|winners)[ \t]*(?P<colon>:))")


def _indented_declaration(here: str, col: int):
    """(the words that start it, their column) when the indented line `here` is a declaration
    written inside a block, and the parser failed where the declaration starts (at or just after
    its name), not further along a line that only begins like one; else None."""
    m = _INDENTED_DECLARATION.match(here)
    if m is None:
        return None
    group = next(g for g in ("named", "option", "file", "players", "section") if m.group(g))
    ends = {"named": m.end("name") + 1, "option": m.end(), "file": len(here) + 1,
            "players": m.end("count") + 1 if m.group("count") else 0, "section": m.end("colon")}[group]
    if col > ends:
        return None
    return re.sub(r"[ \t]+", " ", m.group(group)), m.start(group) + 1


def _misspelt(e, text: str, line: int, col: int):
    """(code, message, (line, column), hint) when the error comes from a misspelt keyword: the
    first word of a statement (`darw 3 from deck`, `retrun`) or of a declaration (`enmu`, `tabel`),
    or a keyword misspelt where the parser wanted it (`labeled`). The caret goes under the word."""
    lines = text.split("\n")
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    if re.match(rf"(replace|extend)\s+({'|'.join(_UNCHANGEABLE)})\b", here):
        return None         # a right word a variant cannot change: said as such (`_UNCHANGEABLE`)
    listed = re.search(r",\s*default\s*\[", here)
    if listed is not None and col > listed.end() and here[listed.end():].strip()[:1] not in ("]", ""):
        return ("E101", "A list field's default can only be [], the empty list; its values are given in the data.",
                (line, listed.end() + 1), "write 'default []', and give the values in each record that has them")
    glued = _glued_keyword(here, col)
    if glued is not None:
        word, start, keyword = glued
        return ("E101", f"'{word}' is not a word of the language here; did you mean '{keyword}'?", (line, start),
                f"write '{keyword}'")
    if isinstance(e, UnexpectedCharacters):
        return None
    tok = getattr(e, "token", None)
    names = set(getattr(e, "expected", None) or [])
    m = re.match(r"[ \t]*([A-Za-z_]\w*)", here)
    if m is not None and m.start(1) == 0 and m.group(1) == "extend" and here[6:].lstrip().startswith('"'):
        return ("E101", EXTENDS_MISSPELT, (line, 1), f"write 'extends {here[6:].strip()}'", ("extends misspelt",))
    two = re.match(r"([A-Za-z_]\w*)[ \t]+([A-Za-z_]\w*)", here)
    if two is not None and col == 1 and two.group(1) + two.group(2) in _DECLARATION_WORDS:
        word = two.group(1) + two.group(2)
        return ("E101", f"'{two.group(0)}' is one word in the language: '{word}'.", (line, 1), f"write '{word}'")
    # `    rule bump(p: player):` or `    var x: int = 0` inside a block, failing where it starts
    decl = _indented_declaration(here, col)
    if decl is not None and not (decl[0] == "zone" and
                                 declared_above(lambda k: lines[k - 1] if 0 < k <= len(lines) else "", line, "kind")):
        return ("E101", f"'{decl[0]}' starts a declaration, which is written at the left margin; this line is "
                        "indented, inside the block above it.", (line, decl[1]),
                "move the line (and the lines of its block) to the left margin")
    if m is not None and m.start(1) == 0 and col == 1 and m.group(1) not in _DECLARATION_WORDS \
            and _closest_word(m.group(1), _DECLARATION_WORDS) is None and re.match(r"[A-Za-z_]\w*\s*:\s*(#.*)?$", here):
        below = next((lines[k] for k in range(line, len(lines)) if _blank_texts(lines[k]).strip()), "")
        if below[:1] in (" ", "\t") and "->" in _blank_texts(below):     # entries under it: a table
            return ("E101", f"'{m.group(1)}:' at the left margin declares nothing: the entries under it make it a "
                            "table, and a table starts with the word 'table'.", (line, 1), f"write 'table {m.group(1)}:'")
        return ("E101", f"'{m.group(1)}:' at the left margin declares nothing: a rule starts with the word 'rule', "
                        "and the sections are setup, play, turn and round.", (line, 1), f"write 'rule {m.group(1)}:'")
    if m is not None and m.start(1) == 0 and col == 1 and re.match(r"[A-Za-z_]\w*\s*\(.*\)\s*:\s*(#.*)?$", here):
        return ("E101", f"'{m.group(1)}(...):' at the left margin declares nothing: a rule starts with the word "
                        "'rule'.", (line, 1), f"write 'rule {here.strip()}'")
    if m is not None and m.start(1) == 0 and col == 1 and tok is not None and str(tok) == m.group(1):
        meant = _closest_word(m.group(1), _DECLARATION_WORDS)
        if meant is not None:
            return ("E101", f"'{m.group(1)}' does not start a declaration; did you mean '{meant}'?", (line, 1),
                    f"write '{meant}'")
    if tok is not None and str(tok).isidentifier() and tok.type not in ("_NL", "_INDENT", "_DEDENT", "$END") \
            and not (tok.type.isupper() and tok.type == str(tok).upper()):   # a keyword, out of place
        keywords = [w.strip("'") for w in (_describe_terminal(n) for n in names)
                    if w.startswith("'") and w[1:-1].isalpha()]
        meant = _closest_word(str(tok), keywords)
        if meant is None and len(str(tok)) == 2 and str(tok)[::-1] in keywords:
            meant = str(tok)[::-1]      # `fi` for `if`: too short for _closest_word, but two letters swapped
        if meant is not None and len(str(tok)) < 4 and sorted(str(tok)) != sorted(meant):
            meant = None        # a short name one slip from a keyword is more often a name: only swapped letters
        if meant is not None:
            return ("E101", f"'{tok}' is not a word of the language here; did you mean '{meant}'?", (line, col),
                    f"write '{meant}'")
    before = re.search(r"([A-Za-z_]\w*)[ \t]+$", here[:col - 1])
    if tok is not None and before is not None and tok.type not in ("_NL", "_INDENT", "_DEDENT", "$END", "STRING") \
            and before.start(1) > 0 and here[before.start(1) - 1] != "." and before.group(1) not in _plain_names()[1]:
        # `= fi d == x then ...`, `lsit of card`: the word before the unexpected one read as a name
        # (not a field, `current.hand`), but it is one slip from a word that goes on an expression
        # or a type (a text after a name is a label without its word: told by `_habit`)
        word = before.group(1)
        meant = _closest_word(word, _GOES_ON_WORDS) or (word[::-1] if word[::-1] in _GOES_ON_WORDS else None)
        doubled = any(word[i] == word[i + 1] and word[:i] + word[i + 1:] == meant for i in range(len(word) - 1))
        # only two letters swapped or one doubled: a name one letter from a word (`end hand 5`) is a name
        if meant is not None and (sorted(word) == sorted(meant) or doubled) \
                and _habit(e, text, line, col) is None:       # (`lists of`: a habit named as such first)
            return ("E101", f"'{word}' is not a word of the language here; did you mean '{meant}'?",
                    (line, before.start(1) + 1), f"write '{meant}'")
    if m is None or m.start(1) == 0:
        return None
    word, start, end = m.group(1), m.start(1) + 1, m.end(1) + 1
    code = _blank_texts(here)
    rest = code[end - 1:]
    next_col = end + len(rest) - len(rest.lstrip())
    at_end = col > len(code.rstrip())
    if not (col == next_col or (at_end and (not here[end - 1:].strip(" \t") or
                                             _TEXT.fullmatch(_blank_texts(here[end - 1:]).strip() and
                                                             here[end - 1:].split("#")[0].strip())))):
        return None
    meant = _closest_word(word, _STATEMENT_WORDS)
    if meant is None and len(word) == 2 and at_end:
        # `sy "..."`: a two-letter word and a text, a whole line no statement reads as (a thing
        # named by its kind, `space "Lagoon"`, is no statement either): one slip from `say`
        near = [w for w in _STATEMENT_WORDS if _edits(word, w) == 1]
        meant = "say" if "say" in near else near[0] if len(near) == 1 else None     # say is the one a text follows
    if meant is None:
        return None
    return ("E101", f"'{word}' is not a statement; did you mean '{meant}'?", (line, start), f"write '{meant}'")


def _text_braces(text: str, line: int):
    """(code, message, (line, column), hint) when a text of the error's line has braces the
    lexer cannot read: a '{' never closed, a text inside braces never closed, a `\\"` inside
    braces, or texts nested deeper than one level (dsl/texts.py). These make the lexer end the
    text at a quote the author meant inside it, so the parser's own error is somewhere after."""
    lines = text.split("\n")
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    if "{" not in here:
        return None
    for start, _, _ in _text_spans(here):
        found = _text_problem(here, start)
        if found is not None:
            at, code, message, hint = found
            return (code, message, (line, at + 1), hint)
    return None


def _unclosed(text: str, line: int, col: int, at_end: bool = False):
    """(code, message, (line, column), hint) when the error comes from a bracket or a text that
    is never closed: the opener is the place to point at, not where the parser gave up."""
    lines = text.split("\n")
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    # A text whose line has no closing quote: E100 at a '"' that starts it.
    # (With its texts inside braces read as such: `say "{join(xs, ", ")} win`.)
    rest = here.rstrip(" \t")
    if here[col - 1:col] == '"' and ('"' not in here[col:].replace('\\"', "")
                                    or _TEXT.fullmatch(rest + '"', col - 1) and not _TEXT.fullmatch(rest, col - 1)):
        return ("E108", "This text is never closed.", (line, col),
                'end it with a " on the same line (a text cannot run over several lines)')
    stack = []          # (character, line, column) of the brackets open so far
    for n, raw in enumerate(lines[:line], 1):
        code = _blank_texts(raw)
        stop = col - 1 if n == line and not at_end else len(code)
        for i, ch in enumerate(code[:stop]):
            if ch in _CLOSER:
                stack.append((ch, n, i + 1))
            elif ch in ")]}":
                if stack and _CLOSER[stack[-1][0]] == ch:
                    stack.pop()
                else:
                    return None
        if n < line and not stack:
            continue
    if not stack:
        return None
    ch, at_line, at_col = stack[-1]
    rest = _blank_texts(here)[col - 1:] if at_line == line and not at_end else ""
    if at_line == line and rest.count(_CLOSER[ch]) > rest.count(ch):
        return None        # closed later on this line: the error is inside the brackets
    return ("E107", f"This '{ch}' is never closed.", (at_line, at_col),
            f"add the '{_CLOSER[ch]}' that closes it before the end of the line")


def _ends_quoted(line: str) -> bool:
    """Does `line` end inside a text: a text of it (outside a comment; a \\" inside a text, and a
    text inside a template's braces, aside) is not closed?"""
    return any(not closed for _, _, closed in _text_spans(line))


def _quotes_unpaired(text: str, line: int, col: int):
    """E108 where the parser gave up on a line whose quotes do not pair up: a quote dropped in the
    middle of a line turns the texts after it inside out (words read as rules, rules as text), and
    the parser stumbles over them, not over the quote. (A text left open at the end of a line
    whose error is at its own quote is `_unclosed`'s.)"""
    lines = text.split("\n")
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    if not _ends_quoted(here):
        return None
    at = min(max(col, 1), len(here.rstrip()) or 1)
    return ("E108", 'A text on this line is missing a quote: its quotes (") do not pair up, so from some '
                    "quote on, words of a text are read as rules, or rules as a text.", (line, at),
            'give each text on this line its opening and its closing " (a text cannot run over several lines)')


def _option_out_of_place(e, text: str, line: int, col: int):
    """E101 at an option (`option "Take {c.name}" for c in hand:`) the parser could not take as
    one: failing at its first word or at its 'for', it is not directly in the block of a 'choose'
    (indented into a block of statements, or back out of the choose's block)."""
    lines = text.split("\n")
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    m = re.match(r'([ \t]+)option[ \t]+"', here)
    tok = getattr(e, "token", None)
    if m is None or tok is None or tok.type in ("_INDENT", "_DEDENT", "_NL", "$END"):
        return None
    at_word = col == len(m.group(1)) + 1
    at_for = str(tok) == "for" and not re.search(r"\bif\b", _blank_texts(here)[:col - 1])
    at_colon = str(tok) == ":" and not _blank_texts(here)[col:].strip()     # `option "B":` read as a thing
    if not (at_word or at_for or at_colon):
        return None
    if at_for and re.search(r"\bfor\b", _blank_texts(here)[:col - 1]):
        # a second 'for' (`for n in A for f in B`): the option is in its place, and stands for one list
        return ("E101", "An option stands for the items of one list: it has one 'for'.", (line, col),
                "for every pair of items of two lists write 'for b in product(A, B)', each b a list of two "
                "(b[0] and b[1]); for the items of several lists, 'for x in flatten([...])'")
    if at_word:
        # The option above, as far in, ends with ':' and has nothing under it (its block was
        # deleted): that option's empty block is the mistake, not this option's place.
        k = line - 2
        while k >= 0 and (not lines[k].strip() or lines[k].lstrip().startswith("#")):
            k -= 1
        above = lines[k] if k >= 0 else ""
        code = _blank_texts(above).rstrip()
        if re.match(re.escape(m.group(1)) + r"option\b", above) and code.endswith(":"):
            return ("E101", "This option's block after ':' is empty.", (k + 1, len(code)),
                    "indent the option's steps under it, or write 'pass' for an option that does nothing")
    return ("E101", "This option is not directly in the block of a 'choose': an option is a line of its choose's "
                    "block, as far in as the other options, and this one is indented into another block or out of "
                    "the choose's.", (line, len(m.group(1)) + 1),
            "indent it as far as the other options of its 'choose' (one step further than the 'choose' line)")


def _board_not_kind(text: str, line: int, col: int):
    """E101 at a display's `board` over something other than a kind's name (`board c in column(0):`,
    `board c in [..]`): a board draws every thing of a grid kind, so the parser's "expected ':'"
    would send the author to add a colon."""
    here = text.split("\n")[line - 1] if 0 < line <= len(text.split("\n")) else ""
    m = re.match(r"[ \t]*board[ \t]+\w+[ \t]+in[ \t]+(\w*)[ \t]*", here)
    if m is None or col - 1 < m.end(1) or col - 1 > m.end():
        return None
    return ("E101", "A board is drawn over a kind laid out with 'grid', named alone: "
                    "'board c in KIND: \"...\"', one text for each of its things.", (line, m.start(1) + 1),
            "name the grid kind itself (a text can leave a thing's cell blank, \"{if ... then ... else \"\"}\"); "
            "to show a list of things, write 'show \"...\" for x in xs'")


def _lone_text(text: str, line: int):
    """E101 at an indented line that is a text alone (`"{p} wins."`, its `say` lost): the parser
    read it as the start of something set, and said the line ends too early."""
    lines = text.split("\n")
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    m = re.fullmatch(r'([ \t]+)"(?:[^"\\]|\\.)*"[ \t]*(#.*)?', here)
    if m is None:
        return None
    return ("E101", "A text alone on a line does nothing: a line of a block is a statement.", (line, len(m.group(1)) + 1),
            "to show it to the players, write 'say' before it")


def _continues(code: str) -> bool:
    """Whether a line (its texts and comment blanked) ends with the '\\' that joins the next to it."""
    return code.rstrip().endswith("\\")


_GOES_ON = re.compile(r"(=|\+|-|\*|/|%|<|>|\band|\bor|\bnot|\bthen|\belse|\bif|\bin)\s*$")
_GOES_ON_BELOW = re.compile(r"\s*(else|then|and|or|\+|-|\*|/|%|==|!=|<|>)(\s|$)")


def _line_break(tok, text: str, line: int, col: int, offset: int = 0):
    """E101 for a value broken over two lines the wrong way: a line that ends too early while the
    value plainly goes on (it ends with '=' or 'then', or the next line starts with 'else'), where
    only a '\\' joins lines; and a line joined by a '\\' to one that stands on its own."""
    lines = text.split("\n")
    if tok is None or not 0 < line <= len(lines):
        return None
    code = _blank_texts(lines[line - 1])
    if tok.type == "_NL" and not code.strip() and line > 1 and _continues(_blank_texts(lines[line - 2])):
        # `define x: int = \` then a blank line: the '\' joined the blank line, and the value ended there
        before = _blank_texts(lines[line - 2])
        return ("E101", "The line ends too early: its '\\' joins it to the next line, which is blank.",
                (line - 1, len(before.rstrip())), "write the rest of the value on the line right after the '\\' "
                                                    "(no blank line between), or on this line")
    if tok.type == "_NL":
        below = next((n for n in range(line + 1, len(lines) + 1) if _blank_texts(lines[n - 1]).strip()), None)
        after = _blank_texts(lines[below - 1]) if below else ""
        header = re.match(r"\s*(else|elif|if|while|for|repeat|option|choose|secretly|may)\b", code) and \
            not re.search(r"\bthen\b", code)       # a block's first line without its ':', not a value
        if re.match(r"\s*((replace|extend)\s+)?winners\s*:.*,\s*then\s*$", code):
            # `winners: highest score, then`: the tie-break left out, not a value going on below
            return ("E101", "'then' in a ranking of winners is followed by what breaks the tie.",
                    (line, len(code.rstrip()) + 1),
                    "name the definition of one player that breaks the tie ('then highest NAME'), or leave out "
                    "', then' when ties share the win")
        if not _continues(code) and (_GOES_ON.search(code) or _GOES_ON_BELOW.match(after)) \
                and not code.rstrip().endswith(":") and code.strip() and not header:
            return ("E101", "The line ends too early: a value goes on to the next line only after a '\\' at the end "
                            "of this one.", (line, len(code.rstrip()) + 1),
                    f"end line {line + offset} with ' \\' to go on with the value on line {(below or line + 1) + offset}")
        return None
    above = next((n for n in range(line - 1, 0, -1) if _blank_texts(lines[n - 1]).strip()), None)
    indent = len(lines[line - 1]) - len(lines[line - 1].lstrip())
    if above and _continues(_blank_texts(lines[above - 1])) and col == indent + 1 \
            and re.match(r"\s*([A-Za-z_]\w*\s*(\.\w+\s*)?(=|\+=|-=)[^=]|(if|for|while|repeat|say|move|draw|choose|"
                         r"add|remove|return|stop|end|pass|shuffle|signal)\b)", lines[line - 1]):
        return ("E101", f"Line {above + offset} ends with '\\', which joins this line to it, but this line is a "
                        "statement of its own.", (line, col), f"take the '\\' away from the end of line {above + offset}")
    return None


def _dedented_before_else(text: str, line: int, offset: int = 0):
    """E104 at the line that really broke an `else:` or `elif ...:` on `line`: a line above it,
    inside a block (a loop's, a secret choice's, an if's), indented less than the line before
    it, so that its block ended there and the 'else' after it was left with no 'if' (or at a
    column no block is open at). Lark and the indentation scan only notice at the 'else'; the
    line is the one that, indented as far as the line above it, lets the parse past the 'else'."""
    lines = text.split("\n")
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    m = re.match(r"([ \t]+)(else|elif)\b", here)
    if m is None:
        return None
    indent, word = len(m.group(1)), m.group(2)
    code = [(i, at) for i, at in _code_lines(text) if i < line]
    for k in range(len(code) - 1, 0, -1):
        (above, was), (at, now) = code[k - 1], code[k]
        if now < indent and was < indent:
            break           # out of the blocks the 'else' could belong to
        if not (now <= indent <= was and now < was):
            continue
        fixed = lines[:at - 1] + [" " * was + lines[at - 1].lstrip(" \t")] + lines[at:]
        try:
            build_parser().parse("\n".join(fixed) + "\n", start="start")
        except UnexpectedInput as e:
            if (getattr(e, "line", 0) or 0) <= line:
                continue
        except Exception:
            continue
        return ("E104", f"This line is indented less than line {above + offset} above it, so the block it was in "
                        f"ends here, and the '{word}' on line {line + offset} then follows no 'if' at its indentation.",
                (at, now + 1), f"indent it as far as line {above + offset} (column {was + 1}), like the other "
                               f"lines of its block")
    return None


def _else_without_if(text: str, line: int, offset: int = 0):
    """E101 at an indented `else:` or `elif ...:` whose line above at its indentation is not an
    if's (or elif's) block: a line between them, or the 'if' itself, is indented otherwise."""
    lines = text.split("\n")
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    m = re.match(r"([ \t]+)(else|elif)\b", here)
    if m is None:
        return None
    above = next((n for n in range(line - 1, 0, -1) if _blank_texts(lines[n - 1]).strip()), None)
    if above and _continues(_blank_texts(lines[above - 1])):
        return None         # `... then 1 \` and `else ...`: the 'else' of a value, not of a statement
    indent, word = len(m.group(1)), m.group(2)
    for n in range(line - 1, 0, -1):
        code = _blank_texts(lines[n - 1])
        if not code.strip():
            continue
        at = len(code) - len(code.lstrip())
        if at > indent:
            continue
        if at == indent and re.match(r"\s*(if|elif)\b", code):
            return None
        if at == indent and re.match(r"\s*else\s*:", code) and n < line - 1:
            # `if ...: ... else: ... elif ...:` (or a second `else`): the 'else' closes its 'if'
            return ("E101", f"This '{word}' comes after the 'else' of line {n + offset}, and an 'else' is the last part of "
                            f"its 'if': nothing may follow it.", (line, indent + 1),
                    f"put the '{word}' before the 'else'" if word == "elif" else
                    "join the two 'else' blocks into one, or make the first 'elif CONDITION:'")
        return ("E101", f"This '{word}' follows no 'if' at its indentation, so it belongs to nothing: the line "
                        f"before it at that indentation is not an 'if' or 'elif'.", (line, indent + 1),
                f"put the '{word}' right after the block of its 'if', indented as far as the 'if'")
    return None


# Statement words that never start a declaration: such a line at the left margin is outside any
# block (a line of a rule whose indentation was lost).
_MARGIN_STATEMENTS = tuple(w for w in _STATEMENT_WORDS if w not in _DECLARATION_WORDS) + ("show",)


def _statement_at_margin(text: str, line: int, col: int):
    """E101 at a statement (`for b in hand:`, `else:`, `say "..."`) written at the left margin,
    where only declarations go, when the parser failed at its first word."""
    lines = text.split("\n")
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    m = re.match(r"([A-Za-z_]\w*)\b", here)
    if col != 1 or m is None or m.group(1) not in _MARGIN_STATEMENTS:
        return None
    word = m.group(1)
    if word in ("else", "elif"):
        return ("E101", f"'{word}' is at the left margin, outside any block: it belongs to an 'if' inside a rule "
                        "or section, and is indented as far as that 'if'.", (line, 1),
                f"indent the '{word}' (and the lines of its block) as far as its 'if'")
    return ("E101", f"'{word}' starts a statement, and a statement belongs in a block (a rule, or a section such "
                    "as setup, turn or display); this line is at the left margin, where only declarations go.", (line, 1),
            "indent it under the rule or section it belongs to")


def _blank_texts(line: str) -> str:
    """A line with its texts' insides and its comment blanked out, columns kept (a text inside a
    template's braces is inside its text)."""
    out, at = [], 0
    for start, end, closed in _text_spans(line):
        out.append(line[at:start])
        out.append('"' + " " * (end - start - 1 - closed) + ('"' if closed else ""))
        at = end
    code = line[at:]
    hash_at = code.find("#")
    out.append(code if hash_at < 0 else code[:hash_at])
    return "".join(out)


# Loop words of other languages on a line of their own: the message and the hint.
_LOOP_HABITS = {
    "break": ("'break' is written 'stop' here: 'stop' leaves the innermost loop.", "write 'stop'"),
    "continue": ("There is no 'continue': a loop goes on to its next item when its block ends.",
                 "put the rest of the block under an 'if', or keep only some items: 'for x in L if c:'"),
}

# Habits from other languages: the mistake, and what to write instead.
_CHAR_HABITS = {
    "&": "write 'and' (a and b), not '&&'",
    "|": "write 'or' (a or b), not '||'",
    "!": "write 'not' (not a), not '!'; '!=' is 'is not equal to'",
    ";": "a line ends a statement by itself; leave out the ';'",
    "?": "write 'if c then a else b' for a value that depends on a condition",
    "'": "texts are written in double quotes",
    "`": "texts are written in double quotes",
}
_NAME_HABITS = {
    "where": "to keep some items, write 'if' after the list: [x for x in xs if x.ready]",
    "into": "write 'to': move c from hand to discard",
    "def": "write 'define NAME(...): type = value' for a value, or 'rule NAME(...):' for steps",
    "function": "write 'define NAME(...): type = value' for a value, or 'rule NAME(...):' for steps",
    "elseif": "write 'elif'",
    "elsif": "write 'elif'",
    "then": "'then' belongs to 'if c then a else b'; a statement's 'if' ends with ':'",
}


# A line that starts with one of these words, read as a name to set ("is an '=' missing?"), is a
# game's verb the language says in its own words.
_GAME_VERBS = {
    "each": "a secret choice starts with 'secretly': 'secretly each p in players chooses c from p.hand ...:'",
    "deal": "to deal, draw: 'for p in players:' and under it 'draw 5 from deck to p.hand'",
    "discard": "things move with 'move': 'move c from p.hand to discard'",
    "give": "things move with 'move': 'move c from p.hand to q.hand'",
    "put": "things move with 'move': 'move c from p.hand to discard'",
}


def _novice_habit(tok, value: str, here: str, before: str, col: int, names: set, owner: str = ""):
    """(code, message, column, hint) for a habit of a first-time author coming from Python or C,
    found by writing small games the way they do (tests/test_author_mistakes.py), else None.
    Each is a mistake whose plain parser answer was wrong advice ("write 'let = a'", "write
    break()") or none at all. `owner` is the line that opens the block `here` is in."""
    rest = here[col - 1:]
    after = here[col - 1 + len(value):] if rest.startswith(value) else ""
    code = _blank_texts(before)
    if value in ("f", "F") and tok.type == "NAME" and after.startswith('"'):
        # `say f"{p} busts"`: the said text was shown inside braces, `say "{f"..."}"`
        return ("E101", f"A text needs no '{value}' before it: every text fills in the values in its braces.",
                col, f"leave out the '{value}': {after.strip()}")
    if value == ":" and re.fullmatch(r"\s*say\s*", before):
        return ("E101", "'say' is followed by its text, with no ':' between them.", col,
                f"write say {after.strip()}" if after.strip() else 'write say "..."')
    if value == ">" and before.endswith("<") and len(before) == col - 1:
        return ("E101", "'<>' is not part of the language.", col - 1, "write '!=' for 'is not equal to' (a != b)")
    if value == "=" and len(before) == col - 1 and re.fullmatch(r"\s+[A-Za-z_][\w.]*(\[[^\]]*\])?\s*=", code):
        # `rolls == 1` on a line of its own: the first '=' was taken as setting rolls
        target = before[:-1].strip()
        return ("E101", "'==' compares two values; a line of its own sets a value with one '='.", col - 1,
                f"write '{target} = {after.strip()}'" if after.strip() else f"write '{target} = ...'")
    if value == "==" and re.fullmatch(r"\s+[A-Za-z_][\w.]*(\[[^\]]*\])?\s*", code):
        # `current.won == true` on a line of its own, read as one '==' token
        target = before.strip()
        return ("E101", "'==' compares two values; a line of its own sets a value with one '='.", col,
                f"write '{target} = {after.strip()}'" if after.strip() else f"write '{target} = ...'")
    if value == "in" and re.fullmatch(r"\s*(may\s+)?choose\s+[A-Za-z_]\w*\s*", code):
        # `choose k in open_columns`: a for loop's word
        return ("E101", "A choice takes its options 'from' a list: 'choose x from L'.", col,
                f"write '{before.strip()} from {after.strip()}'")
    if value == "+" and re.search(r'\b(labelled|prompt|or)\s+"(?:[^"\\]|\\.)*"\s*$', before):
        # `labelled "Drop in column " + (k + 1)`: a label is one text, its values in braces
        return ("E101", "A label or prompt is one text: its values are written inside it, in braces.", col,
                'write the values into the text: labelled "... {value} ..."')
    die = re.fullmatch(r"(\s*die\s+[A-Za-z_]\w*)\s*", code)
    if value == "=" and die:
        # `die d6 = 1 to 6`: a die's faces follow a ':', as a declaration's
        return ("E101", "A die's faces follow a ':'.", col, f"write '{die.group(1).strip()}: {after.strip()}'")
    if value == "." and re.fullmatch(r"\s*die\s+[A-Za-z_]\w*\s*:.*\d", code) and after.startswith("."):
        # `die d6: 1..6`: a range of faces in another language's words
        return ("E101", "A die's faces from one number to another are written 'a to b'.", col,
                f"write '{before.strip()} to {after[1:].strip()}'")
    twice = re.fullmatch(r"(\s+[A-Za-z_][\w.]*(?:\[[^\]]*\])?)\s*([-+*]?=)\s*", code)
    if value == "=" and twice and after.strip():
        # `hand_number += = 1`: an operator written twice, the second a slip
        return ("E101", f"'{twice.group(2)}' is followed by another '='.", col,
                f"write '{twice.group(1).strip()} {twice.group(2)} {after.strip()}'")
    let = re.fullmatch(r"(\s*)(let|const|val|local|auto)", before)
    if let and tok.type == "NAME":
        return ("E101", f"'{let.group(2)}' is not part of the language: a name is set by '=' alone, and is known "
                        "from that line on.", len(let.group(1)) + 1, f"write '{rest.strip()}'")
    var = re.fullmatch(r"\s*((?:player\s+)?var)\s+([A-Za-z_]\w*)\s*", before)
    if var and value == "=":
        return ("E101", f"A variable is declared with its type: '{var.group(2)}' has none.", col,
                f"write '{var.group(1)} {var.group(2)}: int {rest.strip()}' (or bool, text, a kind, 'list of ...')")
    if value == "[" and re.search(r":\s*list$", code) and len(before) == col - 1:
        inner = re.match(r"\[\s*([^\]]*)\]", rest)
        return ("E101", "A list's type is written 'list of' the type of its items.", col - 4,
                f"write 'list of {inner.group(1).strip() if inner else 'int'}'")
    if value == "{" and not after.strip() and re.search(r"[\w)]\s*$", code):
        return ("E101", "A block is not written in braces: a line that ends with ':' opens it, and its lines are "
                        "indented under it.", col, "end the line with ':' in place of '{', and indent the block's lines")
    lam = re.search(r"\blambda\s*$", code)
    if lam and tok.type == "NAME":
        return ("E101", "'lambda' is not part of the language: a function is written 'x => ...'.", lam.start() + 1,
                f"write '{value} => ...' in place of 'lambda {value}: ...'")
    drawn = re.fullmatch(r"(\s*draw\s+)from", before)
    if drawn:
        return ("E101", "'draw' needs how many things it draws.", len(drawn.group(1)) + 1,
                f"write 'draw 1 {here[len(drawn.group(1)):].strip()}'")
    said = re.fullmatch(r'\s*say\s+"(?:[^"\\]|\\.)*"\s*', before)
    if said and value == "+":
        return ("E101", "'say' takes one text; the values it shows go inside the text, in braces.", col,
                'write the values into the text: say "... {value} ..."')
    if value == ":" and re.search(r"\btimed\s*$", code):
        # `... timed:`: a race's time is named
        return ("E101", "'timed' names how long each player took: it is written 'timed as NAME'.", col,
                "write 'timed as t:', and read t (in milliseconds) in the block")
    bare = re.fullmatch(r"\s*(elif|while|if)\s*", code)
    if value == ":" and bare:
        # `elif:`, `while:`: the word without its condition (Python's `else:` is the branch with none)
        word = bare.group(1)
        return ("E101", f"'{word}' needs a condition before its ':'.", col,
                f"write '{word} CONDITION:'" + ("; for the branch of everything the others left, write 'else:'"
                                                 if word == "elif" else ""))
    if value == ":" and "_NL" in names and not after.split("#")[0].strip() and code.strip():
        # `rolls += 1:`: a statement or declaration that opens no block
        return ("E101", "Only a line that opens a block ends with ':', and this one opens none.", col,
                "leave out the ':'")
    if value == ":" and re.fullmatch(r"\s+[A-Za-z_][\w.]*\s*", code) and after.strip():
        if re.match(r"\s*((replace|extend)\s+)?table\b", owner):
            # `newbie: 0` under `table start_level:`: an entry written as YAML writes a mapping
            return ("E101", "A table's entry is written 'key -> value', not 'key: value'.", col,
                    f"write '{before.strip()} -> {after.strip()}'")
        # `pot: 0` in a block: a value set with the colon of a declaration (`pot := 0` too)
        return ("E101", "A value is set with '=', not ':'.", col,
                f"write '{before.strip()} = {re.sub(r'^=(?!=)', '', after.strip()).strip()}'")
    return _foreign_habit(tok, value, here, before, col, rest, after, code)


# Python's statement words that the language has no use for, and what a rulebook does instead.
_PYTHON_WORDS = {
    "assert": "a rulebook checks its rules with scenarios: an 'expect' step of a scenario file (docs/scenarios.md)",
    "global": "a game's variables are set by name from any rule: write the assignment alone",
    "nonlocal": "a game's variables are set by name from any rule: write the assignment alone",
    "del": "take a thing out of a zone or list with 'remove x from L'",
    "import": "the built-in functions need no import; a rulebook adds a file of its own with 'include \"more.rules\"'",
    "from": "the built-in functions need no import; a rulebook adds a file of its own with 'include \"more.rules\"'",
    "class": "things are declared by a kind: 'kind card from \"cards.yaml\":' with a field a line",
    "raise": "a rule cannot fail on purpose; 'end game \"...\"' ends the game, 'return' leaves a rule",
    "try": "a rule cannot catch a failure: test the condition first with 'if'",
    "with": "write the steps alone, under the line that opens their block",
    "yield": "a rule asks a player with 'choose'; a definition gives its value after '='",
    "switch": "there is no 'switch': test each value, 'if r == 1:' ... 'elif r == 2:' ... 'else:', or look the "
              "value up in a 'table'; a player's decision is a 'choose'",
    "match": "there is no 'match': test each value, 'if r == 1:' ... 'elif r == 2:' ... 'else:', or look the "
             "value up in a 'table'",
}


def _foreign_habit(tok, value: str, here: str, before: str, col: int, rest: str, after: str, code: str):
    """(code, message, column, hint) for a habit of an author who knows Python, JavaScript, Ludii
    or YAML configurations, found by the second hunt with broken rulebooks (tests/hunt/cases.py),
    else None. Each is a line whose plain parser answer gave no hint or a wrong one ("write
    'assert = x'", "add a name here")."""
    indent = len(here) - len(here.lstrip())
    word = re.fullmatch(r"(\s*)([a-z]+)\s*", before)
    first = word.group(2) if word else (value if not before.strip() else "")
    if first in _PYTHON_WORDS and (tok.type == "NAME" or not before.strip()):
        return ("E101", f"'{first}' is not part of the language.", indent + 1, _PYTHON_WORDS[first])
    # a comment as C, JavaScript or Lua write it: `// three actions`, `/* ... */`, `-- three actions`
    # (after code too, `actions_left = 3 // three actions`, when words follow, never a number or a name:
    # `total // 2` is a division written twice, which the '//' habit below tells)
    slash = here.find("//")
    if value == "/" and 0 <= slash <= col - 1 <= slash + 1 and (not _blank_texts(here[:slash]).strip()
                                                                or re.match(r"//\s*[A-Za-z]\w*\s+[A-Za-z]", here[slash:])):
        return ("E101", "A comment starts with '#', not '//'.", slash + 1, f"write '# {here[slash + 2:].strip()}'")
    opener = re.match(r"(/\*|--)\s*(.*?)\s*(\*/)?$", rest)
    if opener and value in ("/", "-") and not code.strip() and (opener.group(1) == "/*" or re.match(r"[A-Za-z]", opener.group(2))):
        return ("E101", f"A comment starts with '#', not '{opener.group(1)}'.", col, f"write '# {opener.group(2)}'")
    if tok.type == "STRING" and re.fullmatch(r'\s*""', before):
        # `"""Flood the atoll."""`: read as an empty text, then a text
        return ("E101", "A comment starts with '#': the language has no docstrings.", indent + 1,
                f"write '# {value.strip(chr(34))}'")
    if value == "(" and col == indent + 1 and indent == 0:
        # `(game "Hex" (players 2) ...)`: Ludii's parentheses
        return ("E101", "A declaration starts with its word at the left margin, not with '('.", col,
                "write the rulebook as lines, a declaration a line, without parentheses: 'game \"Hex\"', "
                "'players 2', 'kind cell from \"board.yaml\":'")
    dash = re.match(r"-\s*(-?\d+)", rest)
    low = re.search(r"(-?\d+)\s*$", before)
    if value == "-" and dash and low and re.match(r"\s*(die\s+\w+\s*:|players\b|(player\s+)?var\b.*\bin\b)", here):
        # `die d6: 1-6`, `players 2-4`: a range as printed rules write it
        return ("E101", "A range is written with 'to', not '-'.", col, f"write '{low.group(1)} to {dash.group(1)}'")
    if value == "to" and re.match(r"\s*die\s+\w+\s*:\s*[A-Za-z_]\w*\s*$", before):
        # `die d6: one to six`: 'to' spans whole numbers; named faces are listed
        return ("E101", "A range of faces with 'to' is written with whole numbers; faces that are names are "
                        "listed one by one.", col, "write the numbers, '1 to 6', or list each face: 'red, blue, green'")
    if value == "->" and re.match(r"\s*((replace|extend)\s+)?define\b", here):
        typ = re.match(r"->\s*([^:=]+?)\s*(:|=|$)", rest)
        return ("E101", "A definition's type follows a ':' after its parameters, not '->'.", col,
                f"write '{before.strip()}: {typ.group(1) if typ else 'int'} = ...'")
    if value == ":" and indent == 0 and before.strip() in ("game", "players", "extends", "include"):
        # `game: "Hex"`, as a YAML configuration writes it
        return ("E101", f"'{before.strip()}' is followed by its value, with no ':' between them.", col,
                f"write '{before.strip()} {after.strip()}'" if after.strip() else f"leave out the ':'")
    field = re.match(r"(\s+)-\s*([A-Za-z_]\w*\s*:.*)$", here)
    if value == "-" and field and col == indent + 1:
        # `- name: text` under a kind, as a YAML list of fields
        return ("E101", "A kind's field is a line 'name: type', with no '-' before it.", col,
                f"write '{field.group(2).strip()}'")
    if value == "[" and re.fullmatch(r"\s*((replace|extend)\s+)?(enum|die|option)\s+\w+\s*:\s*", before):
        inner = re.match(r"\[([^\]]*)\]", rest)
        return ("E101", "The values after ':' are written one after another, parted by commas, without brackets.",
                col, f"write '{before.strip()} {inner.group(1).strip() if inner else 'a, b, c'}'")
    if value == ">" and before.endswith("-") and len(before) == col - 1 and re.search(r"\b[A-Za-z_]\w*\s*-$", code):
        # `c -> c != black`: a function's arrow written as a table's
        return ("E101", "A function is written with '=>': 'x => ...'; '->' belongs to a table's entries.", col - 1,
                "write '=>' in place of '->'")
    if value == "of" and re.search(r"\blists\s*$", code):
        # `list of lists of colour`: a type's word is 'list' however many lists it holds
        return ("E101", "A list's type says 'list' each time: 'lists' is no type.", code.rstrip().rfind("lists") + 1,
                "write 'list of list of ...'")
    if value == "=" and rest.startswith("=>") and re.search(r"\(\s*[A-Za-z_]\w*\s*\)\s*$", code):
        # `(c) => ...`: JavaScript's arrow function, its parameter in parentheses
        name = re.search(r"\(\s*([A-Za-z_]\w*)\s*\)\s*$", code)
        return ("E101", "A function names its parameter without parentheses: 'x => ...'.", name.start() + 1,
                f"write '{name.group(1)} => ...'")
    if value == "game" and re.search(r"\bend\s*$", code) and re.match(r"\s*((replace|extend)\s+)?define\b", here):
        return ("E101", "A definition gives a value; 'end game' is a step, written on a line of its own in a rule.",
                col, "end the game from a rule (if ...: end game \"...\"), and keep the definition a value")
    if value == "if" and re.fullmatch(r"\s*option\s*", before):
        return ("E101", "An option needs its label, a quoted text, before its 'if'.", col,
                f"write 'option \"...\" {rest.strip()}'")
    return _porter_habit(tok, value, here, before, col, rest, code)


# The declarations whose name follows their first word (`side volcano`, `enum colour: ...`).
_NAMED_DECLARATION = re.compile(r"\s*((replace|extend)\s+)?(player\s+)?(side|enum|option|die|var|zone|kind|stage|rule|"
                                r"event|table|define|pattern|reaction)\s*$")


# The types every rulebook has (a kind's or an enum's name is a type too, but the parser does not know them).
_TYPE_WORDS = ("int", "bool", "text", "player")


def _porter_habit(tok, value: str, here: str, before: str, col: int, rest: str, code: str):
    """(code, message, column, hint) for a habit of an author porting a game from Python or another
    game language, found by the ninth hunt with broken rulebooks (tests/hunt/cases9.py), else
    None. Each is a line whose plain parser answer named the wrong fix ("put a ',' before 'do'",
    "add ':' here") or none."""
    indent = len(here) - len(here.lstrip())
    if re.fullmatch(r"\s*else\s*", before) and value not in (":", "if") and rest.split("#")[0].rstrip().endswith(":"):
        # `else rolls > 4:`: a condition on the last branch
        cond = rest.split("#")[0].rstrip().rstrip(":").strip()
        return ("E101", "An 'else' takes no condition: it is the branch for everything the others left.", col,
                f"write 'elif {cond}:' for a branch of its own, or 'else:' alone")
    declared = re.fullmatch(r"(\s*(?:(?:replace|extend)\s+)?(?:player\s+)?var)\s+((?:list\s+of\s+)*[A-Za-z_]\w*)\s*", before)
    if declared and re.fullmatch(r"[A-Za-z_]\w*", value) and not re.match(r"\w+\s*:", rest) and value not in _TYPE_WORDS \
            and declared.group(2).split()[-1] in _TYPE_WORDS:
        # `var int rolls = 0`: the type written before the name, as C and Java do
        written = f"{declared.group(1).strip()} {value}: {declared.group(2)} {rest[len(value):].split('#')[0].strip()}"
        return ("E101", "A variable's name comes first, then ':' and its type.", len(declared.group(1)) + 2,
                f"write '{written.rstrip()}'")
    listed = re.fullmatch(r"(\s*(?:(?:replace|extend)\s+)?(?:player\s+)?var)\s+list", before)
    typed = re.match(r"of\s+((?:list\s+of\s+)*[A-Za-z_]\w*)\s+([A-Za-z_]\w*)\s*(.*)$", rest.split("#")[0].rstrip())
    if listed and value == "of" and typed:
        # `var list of int xs = []`: a list's type before the name
        return ("E101", "A variable's name comes first, then ':' and its type.", len(listed.group(1)) + 2,
                f"write '{f'{listed.group(1).strip()} {typed.group(2)}: list of {typed.group(1)} {typed.group(3)}'.rstrip()}'")
    if value == "do" and re.match(r"\s*(while|for|repeat)\b", here):
        # `while rolls < 3 do:`: Lua's and Pascal's loop word
        return ("E101", "'do' is not part of the language: a loop's line ends with ':' and its block is indented "
                        "under it.", col, f"write '{before.strip()}:'")
    if value == "." and re.search(r"[\w)\]]\.$", before) and re.match(r"\.\s*[\w(-]", rest) and \
            (re.search(r"\d\.$", before) or re.match(r"\.\s*-?\d", rest)):     # `p..hand` is a typo, not a range
        # `for i in 0..3:`: a range as Kotlin, Ruby or Rust write it
        low = re.search(r"(-?[\w.]+(?:\([^()]*\))?)\.$", before)
        b = rest[1:].split("#")[0].strip().rstrip(":").strip()
        while b[-1:] in (")", "]") and b.count(b[-1]) > b.count({")": "(", "]": "["}[b[-1]]):
            b = b[:-1].rstrip()         # the brackets around the range
        a = low.group(1) if low else "a"
        return ("E101", "'..' is not part of the language.", col - 1,
                f"the whole numbers from {a} to {b}, both included, are range({a}, {b})")
    if value == ":" and re.fullmatch(r"\s*side\s+[A-Za-z_]\w*\s*", before):
        # `side volcano: player`: a side is a player already
        return ("E101", "A side is declared by its name alone: it is a player value already.", col,
                f"write '{before.strip()}', and give it what it keeps with 'player var' and 'player zone'")
    if tok.type == "STRING" and _NAMED_DECLARATION.fullmatch(before) and re.fullmatch(r'"[A-Za-z_]\w*"', value):
        # `side "volcano"`: a declared name is a name, not a text
        return ("E101", "A declaration's name is written without quotes.", col, f"write '{before.strip()} {value[1:-1]}'")
    opened = re.match(r"\s*(if|elif|else|for|while|repeat|option|choose|secretly|may)\b", here)
    if opened and before.endswith(":") and tok.type not in ("_NL", "COMMENT") and not _brackets_open(_blank_texts(before)):
        # `if won: end game "..."`: a block on the line that opens it, as Python allows
        return ("E101", "A block's lines go under the line that opens it, not after its ':'.", col,
                f"put '{rest.split('#')[0].strip()}' on a line of its own below, indented further")
    compared = re.search(r"([\w.\[\]()]+)\s*(<=|>=|<|>|==|!=)\s*([\w.\[\]()]+)$", code.rstrip()) \
        if value in ("<", ">", "<=", ">=", "==", "!=") else None
    if compared:
        # `0 < s.bonus < 3`: comparisons chained as Python and mathematics write them
        right = re.match(r"(<=|>=|<|>|==|!=)\s*([\w.\[\]()-]+)", rest)
        a, op1, b = compared.groups()
        third = right.group(2) if right else "c"
        return ("E101", "Comparisons do not chain here: each compares two values.", col,
                f"join two comparisons with 'and': '{a} {op1} {b} and {b} {value} {third}'")
    if value == ":" and rest.startswith(":="):
        # `if (s := here(p)) != none`: Python's assignment inside an expression
        named = re.search(r"([A-Za-z_]\w*)\s*$", before)
        return ("E101", "':=' is not part of the language: a value is named on a line of its own.", col,
                f"set it on the line before, '{named.group(1) if named else 'x'} = ...', and use the name here")
    if tok.type != "_NL" and re.search(r"=\s*return$", before) and re.match(r"\s*((replace|extend)\s+)?define\b", here):
        # `define f(...): int = return ...`: a definition is its value
        return ("E101", "A definition's value follows its '=' with no 'return'.", col - 7,
                "leave out 'return': 'define NAME(...): TYPE = VALUE'")
    typed = re.search(r"[(,]\s*((?:list\s+of\s+)*(?:int|bool|text|player))$", before) \
        if re.match(r"\s*((replace|extend)\s+)?(define|rule|stage|event)\b", here) else None
    if typed and re.fullmatch(r"[A-Za-z_]\w*", value):
        # `rule advance(p: player, int n)`: a parameter's type before its name, as C and Java write it
        return ("E101", "A parameter's name comes first, then ':' and its type.", col - len(typed.group(1)) - 1,
                f"write '{value}: {typed.group(1)}'")
    if value == "or" and re.search(r"\btimed\s+as\s+\w+$", before):
        # `... labelled "Bid {b}" timed as t or "Pass"`: the decline's label goes with the label
        return ("E101", "'or \"...\"' belongs right after the label, and 'timed as t' comes last.", col,
                "write 'labelled \"...\" or \"...\" prompt \"...\" timed as t:'")
    if value == ":" and re.search(r"\bon\s+\w+\s*\([^)]*\b[A-Za-z_]\w*$", before) and \
            re.match(r"\s*((replace)\s+)?reaction\b", here):
        # `reaction x on e(roller: player)`: the event's declaration gives the types
        event = re.search(r"\bon\s+(\w+)\s*\(([^)]*)\)?", here)
        names = [x.split(":")[0].strip() for x in event.group(2).split(",") if x.strip()]
        return ("E101", "A reaction names the event's values without their types: the event's declaration gives them.",
                col, f"write 'on {event.group(1)}({', '.join(names)})'; the types stay on the 'event {event.group(1)}(...)' line")
    keys = re.match(r"\(([^()]*,[^()]*)\)\s*->\s*(.*)$", rest.split("#")[0].rstrip()) if value == "(" and not code.strip() else None
    if keys:
        # `(1, 11) -> 2` in a table: the keys as a tuple
        return ("E101", "A table's keys are written without brackets, parted by commas.", col,
                f"write '{keys.group(1).strip()} -> {keys.group(2)}'")
    if value == "," and re.match(r",\s*[A-Za-z_]\w*\s*\)\s*=>", rest):
        # `(a, b) => ...`: a function of two values, where the language's take one
        return ("E101", "A function written with '=>' takes one value.", col,
                "write 'x => ...' with one name: sort's key, roll's and the path built-ins' tests each take one item")
    if value == "," and _tuple_open(code):
        # `s.bonus in (1, 2)`: Python's tuple, where the language has lists
        return ("E101", "Values in round brackets are no list here: a list is written in square brackets.", col,
                "write the items in '[' and ']': [a, b]")
    if re.fullmatch(r"remove\s+option", before.strip()) and not before.startswith((" ", "\t")):
        # `remove option "Pass"` at the margin: it changes a menu, inside `extend choose`
        return ("E101", "'remove option' changes a base's menu, so it goes inside 'extend choose in RULE:'.", 1,
                f"write 'extend choose in RULE:' (the rule with the menu) and under it, indented, "
                f"'remove option {value}'")
    if tok.type == "NAME" and re.fullmatch(r"\s*(may\s+)?choose\s+from", before):
        # `choose from current.hand ...`: 'from' read as the name of what is chosen
        return ("E101", "A choice names what it chooses before 'from'.", col - 5,
                f"write '{before.strip().replace('from', 'c from')} {rest.split('#')[0].strip().rstrip(':')}', and "
                "use 'c' for what is chosen")
    chooses = re.search(r"\bmay\s+(chooses)$", before)
    if chooses and tok.type == "NAME":
        # `secretly each p in P may chooses b from ...`: the verb after 'may' is 'choose'
        return ("E101", "After 'may' the word is 'choose'.", chooses.start(1) + 1,
                "write 'may choose': 'secretly each p in P may choose x from L ...:'" if re.match(r"\s*secretly\b", here)
                else "write 'may choose x from L ...'")
    return None


def _habit(e, text: str, line: int, col: int):
    """(code, message, (line, column), hint) for a habit from another language, else None."""
    lines = text.split("\n")
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    if isinstance(e, UnexpectedCharacters):
        ch = here[col - 1:col]
        hint = _CHAR_HABITS.get(ch)
        if ch == "!" and here[col:col + 1] == "=":
            hint = None
        if hint:
            shown = here[col - 1:col + 1] if here[col - 1:col + 1] in ("&&", "||") else ch
            return ("E100", f"'{shown}' is not part of the language.", (line, col), hint)
        return None
    tok = getattr(e, "token", None)
    if tok is None or tok.type in ("_NL", "_INDENT", "_DEDENT", "$END"):
        return None
    value = str(tok)
    before = here[:col - 1].rstrip()
    names = set(getattr(e, "expected", None) or [])
    at = _last_code_line(lines, line)
    above = _blank_texts(lines[at - 1]).rstrip() if at < line else ""
    indent = len(here) - len(here.lstrip())
    if above.endswith(":") and col == indent + 1 and indent <= len(above) - len(above.lstrip()):
        return ("E101", *_empty_block(above, (at, len(above) + 1)))
    # (with or without the rest of the declaration it removes: `remove define rank: int = 1`)
    kind = re.match(r"remove\s+((?:player\s+)?[a-z]+)\s+([A-Za-z_]\w*)\b\s*([:(=].*)?(#.*)?$", here)
    if kind and indent == 0:          # `remove define rank`, as `replace define rank ...` is written
        return ("E101", f"'remove' takes the name alone, without '{kind.group(1)}'.", (line, 1),
                f"write 'remove {kind.group(2)}'", ("remove with its keyword", kind.group(2)))
    owner = next((x for x in reversed(lines[:line - 1]) if x.strip() and not x.lstrip().startswith("#")
                  and len(x) - len(x.lstrip()) < indent), "") if indent else ""
    novice = _novice_habit(tok, value, here, before, col, names, owner)
    if novice is not None:
        return (novice[0], novice[1], (line, novice[2]), novice[3])
    if re.fullmatch(r"\s*say", before) and tok.type != "STRING":
        said = here[col - 1:].strip()
        parts = [x.strip() for x in _blank_texts(said).split("+")]
        texts = [x for x in said.split("+") if x.strip().startswith('"')]
        if len(parts) > 1 and all(parts) and texts:    # `say s.name + " sinks."`: each part in its place of one text
            pieces, at = [], 0
            for blank in parts:
                start = _blank_texts(said).index(blank, at)
                written, at = said[start:start + len(blank)], start + len(blank)
                pieces.append(written[1:-1] if written.startswith('"') else "{" + written + "}")
            return ("E101", "'say' takes one quoted text, with the values it shows inside it in braces.", (line, col),
                    f"write say \"{''.join(pieces)}\"")
        return ("E101", "'say' takes a quoted text.", (line, col),
                f"to say a value, put it in braces inside the text: say \"{{{said}}}\"")
    if re.fullmatch(r'\s*say\s+"(?:[^"\\]|\\.)*"\s*', before) and tok.type == "STRING":
        return ("E101", "'say' takes one quoted text.", (line, col),
                f"join the two into one text: say \"{before.strip()[5:-1].rstrip()} {value[1:-1].lstrip()}\"")
    given = re.fullmatch(r"\s*(?:replace\s+)?(rule|stage)\s+([A-Za-z_]\w*)\s*(\([^()]*\))?\s*:\s*", before)
    if given and tok.type == "NAME" and indent == 0:
        # `rule claim(p: player): bool`, as a function would be written: a rule gives back nothing
        typed = here[col - 1:].rstrip().rstrip(":").strip()
        return ("E101", f"A {given.group(1)} gives no value: ': {typed}' after its name is for a 'define'.", (line, col),
                f"end the line at '{before.strip()}' and write its steps under it; to tell the caller something, set "
                f"a variable it reads after the call (var {given.group(2)}_result: {typed} = ...), or work a value out "
                f"with 'define {given.group(2)}{given.group(3) or ''}: {typed} = ...'")
    if re.match(r"\s*return\s*$", before) and tok.type not in ("_NL",):
        if tok.type == "STRING":
            # `return "The hand is over."`: a reason given, as `end` takes one
            return ("E101", "'return' gives no value: it only leaves the rule.", (line, col - len(before.strip()) - 1),
                    f"to end a stage, the turn or the game with a reason, write 'end NAME {value}' (the stage's name, "
                    f"'turn' or 'game'); to leave only this rule, write 'return' alone and 'say {value}'")
        return ("E101", "'return' gives no value: it only leaves the rule.", (line, col),
                "to work a value out, write a definition (define throw: int = roll(d6)); to keep one, set a variable")
    if value == "is" and tok.type == "NAME":
        rest = re.match(r"is(\s+not)?\s+([A-Za-z_]\w*|\S+)", here[col - 1:])
        right = rest.group(2) if rest else "b"
        left = re.search(r"(\S+)\s*$", before)
        left = left.group(1) if left else "a"
        op = "!=" if rest and rest.group(1) else "=="
        if right == "empty":
            # `if xs is empty:`: the empty list is written []
            right = "[]"
        return ("E101", f"'is' is not part of the language: values are compared with '==' (and '!=').", (line, col),
                f"write '{left} {op} {right}'")
    number = re.search(r"(\d+)\.$", before)
    if tok.type == "INT" and number:
        return ("E101", f"The language's numbers are whole numbers, so '{number.group(1)}.{value}' cannot be written.",
                (line, number.start(1) + 1), "use whole numbers: count in halves or tenths if the game needs them")
    number = re.search(r"(\d+)$", before)
    if tok.type == "NAME" and number and re.fullmatch(r"[eE]\d+", value) and len(before) == col - 1:
        return ("E101", f"'{number.group(1)}{value}' is not a number of the language: numbers are written with digits "
                        "only.", (line, number.start(1) + 1), "write the number out in digits, e.g. 1000 for 1e3")
    if value in ("/", "*") and before.endswith(value) and len(before) == col - 1:
        hint = ("'/' already divides whole numbers, rounding down: write 'a / b'" if value == "/"
                else "there is no power operator: multiply, e.g. 'x * x' for x squared")
        return ("E101", f"'{value}{value}' is not part of the language.", (line, col - 1), hint)
    param = re.match(r"\s*((replace|extend)\s+)?(define|rule|stage|event)\s+\w+\s*\((.*?)([A-Za-z_]\w*)\s*$", before)
    if value in (")", ",") and param and "COLON" in names:
        return ("E101", f"The parameter '{param.group(5)}' needs its type.", (line, param.start(5) + 1),
                f"write each parameter with its type, such as '{param.group(5)}: player' or '{param.group(5)}: int'")
    span = re.search(r"\bin\s+([^\s()\[\]]+|\([^()]*\))\s*$", _blank_texts(before))
    if value == "to" and span and not re.match(r"\s*((replace|extend)\s+)?(player\s+)?var\b", here):
        a = before[span.start(1):span.end(1)]
        b = re.match(r"to\s+([^\s:\]),]+)", here[col - 1:])
        return ("E101", "'a to b' is a range only in declarations (a die, a variable's range, a table's keys).",
                (line, col), f"the whole numbers from a to b are the list range(a, b): in range({a}, "
                             f"{b.group(1) if b else 'b'})")
    if value == "elif" and re.search(r"\bthen\b", _blank_texts(before)):
        return ("E101", "'elif' is not part of a value's 'if c then a else b'.", (line, col),
                "write 'else if': if a then x else if b then y else z")
    if (value == "where" and not before.strip()) or re.fullmatch(r"\s*where", before):
        # A `where` line, but not under a definition (or not indented under one).
        return ("E101", "A 'where' line belongs under a 'define', indented, naming a value the definition uses.",
                (line, len(before) - len(before.lstrip()) + 1 if value != "where" else col),
                "indent it under the 'define ...' line whose value uses the name")
    if value == "by" and re.match(r"\s*secretly\b", here):
        return ("E101", "A secret choice is asked of each player of its list, so it takes no 'by'.", (line, col),
                "leave 'by ...' out: 'secretly each p in P chooses ...' asks every p of P")
    keyword = re.search(r"\b([A-Za-z_]\w*)$", before) if value == "=" else None
    if keyword and re.search(r"[(,]\s*[A-Za-z_]\w*$", before) and _brackets_open(_blank_texts(before)):
        # `max(players, key=score)`: Python's keyword arguments
        return ("E101", f"A built-in or rule takes its values in order, with no names: '{keyword.group(1)}=' cannot "
                        "be written.", (line, keyword.start(1) + 1),
                "for the best player: [p for p in players if score(p) == max([score(q) for q in players])]"
                if keyword.group(1) == "key" else "give the values in order, without their names")
    ranked = _ranking_hint(value, tok.type, here, before, line, col)
    if ranked:
        return ("E101", *ranked)
    if value in _NAME_HABITS:
        return ("E101", f"Unexpected '{value}'.", (line, col), _NAME_HABITS[value])
    last = re.search(r"([A-Za-z_]\w*)$", before)
    if last and last.group(1) in _NAME_HABITS:
        return ("E101", f"Unexpected '{last.group(1)}'.", (line, last.start(1) + 1), _NAME_HABITS[last.group(1)])
    if value == "if" and before.endswith("else"):
        return ("E101", "'else if' is written 'elif' here.", (line, col - (len(here[:col - 1]) - len(before)) - 4),
                "write 'elif condition:'")
    if value == "if" and re.match(r"\s*option\b", here) and "_NL" not in names and "COLON" not in names:
        # `option "..." if c:` where no option may stand: outside a `choose` block
        return ("E101", "An 'option' line belongs in a 'choose' block.", (line, 1 + len(here) - len(here.lstrip())),
                "indent it under the 'choose ...:' line with its other options")
    if value == "in" and re.match(r"\s*(?:replace\s+)?reaction\b", here) and re.search(r"\bby\s+[A-Za-z_]\w*$", before):
        # `by p in players`: every seat is asked in turn, so 'by' names only who is asked
        return ("E101", "A reaction's 'by p' names each seat asked, every seat in turn: it takes no 'in'.", (line, col),
                "write 'by p if ...' and say in the condition who may play it (e.g. 'if p != roller')")
    if value == "if" and re.match(r"\s*reaction\b", here) and not re.search(r"\bby\b", before):
        return ("E101", "A reaction says who may play it before its condition.", (line, col),
                "write 'reaction NAME on EVENT(...) by p if ...'")
    called = re.match(r"\s*winners\s*:.*\b((?:highest|lowest)\s+[A-Za-z_]\w*)$", before) if value == "(" else None
    if called:
        way, name = called.group(1).split()
        if name in _BUILTINS:
            # `highest count(p.puddings)`: a value worked out here, not a definition of one player
            call = re.match(r"\(([^()]*(?:\([^()]*\)[^()]*)*)\)", here[col - 1:])
            value_text = f"{name}({call.group(1) if call else '...'})"
            field = re.search(r"\.([A-Za-z_]\w*)\s*$", call.group(1)) if call else None
            new_name = f"{field.group(1)}_{name}" if field else f"player_{name}"
            return ("E101", f"A ranking of winners names a definition of one player, and '{name}' is a built-in: "
                            f"'{value_text}' cannot be ranked here.", (line, col - len(name)),
                    f"define it first, e.g. 'define {new_name}(p: player): int = {value_text}', then "
                    f"'{way} {new_name}'")
        return ("E101", "A ranking of winners names its definition alone, without its parameter.", (line, col),
                f"write '{called.group(1)}': each player's value is worked out")
    dice = re.match(r"\s*die\s+((\d*)[dD](\d+))\b", here)
    if dice and tok.type == "INT" and col - 1 == dice.start(1):
        # `die 6d6`: the dice notation of other games; a die is declared once, with a name and faces
        n, sides = dice.group(2) or "1", dice.group(3)
        return ("E101", f"'{dice.group(1)}' is dice notation, not a die's name: a die is declared by a name and its "
                        "faces.", (line, col),
                f"write 'die d{sides}: 1 to {sides}', and roll it where it is used"
                + (f", once for each die: roll(d{sides}) + roll(d{sides}) + ... ({n} times)" if n not in ("", "1") else ""))
    more = _several_at_once(value, tok.type, here, before, names, line, col)
    if more:
        return ("E101", *more)
    order = _clause_order_hint(value, here, col)
    if order:             # `choose c from hand labelled "..." if c.ok`: the right word, in the wrong place
        return ("E101", f"'{value}' is out of its place in this choose.", (line, col), order)
    if value == "if" and "_NL" in names:
        return ("E101", "An 'if' cannot follow a value here.", (line, col),
                "for a value that depends on a condition write 'if c then a else b'")
    if value in ("+", "-") and (before.endswith(value) or here[col:col + 1] == value):
        start = col - 1 if before.endswith(value) else col
        return ("E101", f"'{value}{value}' is not part of the language.", (line, start),
                f"write 'x {value}= 1'")
    if tok.type in ("NAME", "INT", "STRING") and before[-1:] and (before[-1].isalnum() or before[-1] in "_\")]"):
        code = _blank_texts(before)
        inside = sum(code.count(o) for o in "([{") > sum(code.count(c) for c in ")]}")
        if inside and "COMMA" in names:
            return ("E101", f"Unexpected '{value}': two values in a row.", (line, col), "put a ',' between the values")
        # a text where 'labelled' may come is a label without its word (`choose ... if c "Play {c}"`),
        # not an 'if ... then' missing its 'then': told by `_choose_words_hint`
        if "THEN" in names and re.search(r"\bif\b", code) and not re.search(r"\bthen\b", code) \
                and not (tok.type == "STRING" and "LABELLED" in names and
                         re.match(r"\s*(?:(?:may\s+)?choose|secretly|(?:replace\s+)?reaction)\b", here)):
            return ("E101", f"Unexpected '{value}'; 'then' is missing.", (line, col), "write 'if c then a else b'")
    if value == "for" and re.match(r"\s*option\b", here) and re.search(r"\bif\b", before):
        return ("E101", "An option's 'for' comes before its 'if'.", (line, col),
                "write 'option \"...\" for x in L if c:'")
    if value == "for" and re.match(r"\s*show\b", here) and re.search(r"\bif\b", _blank_texts(before)):
        return ("E101", "A show line's 'for' comes before its 'if'.", (line, col),
                "write 'show \"...\" for x in L if c'")
    moved = re.match(r"(\s*)move\s+([A-Za-z_]\w*)\s+from\s+(.+?)\s+to\s+(.+?)\s*$", before) if value == "for" else None
    if moved and "RSQB" not in names:
        # `move c from A to B for c in L if ...`: Python's trailing 'for', on a statement
        indent, x, source, dest = moved.groups()
        rest = here[col - 1:].rstrip()
        return ("E101", "A 'for' cannot follow a statement; a 'move' moves one thing or a list.", (line, col),
                f"move the list at once, 'move [{x} {rest}] from {source} to {dest}', "
                f"or loop: '{rest}:' and under it 'move {x} from {source} to {dest}'")
    if value == "for" and "RSQB" not in names:
        return ("E101", "A list made with 'for' needs square brackets.", (line, col),
                "write [x.value for x in xs], e.g. all([c.ready for c in hand])")
    if value == "(" and re.search(r"\.\s*[A-Za-z_]\w*$", before):
        method = re.search(r"([A-Za-z_]\w*)\s*\.\s*([A-Za-z_]\w*)$", before)
        hint = (f"call it as {method.group(2)}({method.group(1)})" if method
                else "built-ins are called as name(value), not value.name()")
        arg = re.match(r"\((.*)\)\s*(#.*)?$", here[col - 1:])
        whole = re.search(r"([A-Za-z_][\w.]*(\[[^\]]*\])?)\s*\.\s*([A-Za-z_]\w*)$", before)
        if whole and whole.group(3) in ("size", "length", "len", "count"):
            # `discard[0].size()`: how many, asked of a zone or a list
            hint = f"how many: count({whole.group(1)})"
        elif method and method.group(2) in ("append", "push", "add", "insert", "extend"):
            # `xs.append(x)`: there is no function append, so "call it as append(xs)" led nowhere
            hint = f"a list or zone grows by a statement: write 'add {arg.group(1) if arg else 'x'} to {method.group(1)}'"
        elif method and method.group(2) in ("remove", "pop", "discard"):
            hint = f"write 'remove {arg.group(1) if arg and arg.group(1) else 'x'} from {method.group(1)}'"
        elif whole and whole.group(3) == "get" and _bracketed(here[col - 1:]):
            # `goal.get(length)`: a dict's lookup, where a table is looked up with brackets
            hint = f"look a table up by its key in square brackets: {whole.group(1)}[{_bracketed(here[col - 1:])}]"
        return ("E101", "A field cannot be called like a method.", (line, col), hint)
    if value == "=" and "EQUAL" not in names and re.search(r"\b(if|while|elif)\b", before):
        return ("E101", "'=' sets a value; to compare, write '=='.", (line, col), "write 'a == b'", ("'=' for '=='",))
    return None


def _ranking_hint(value: str, kind: str, here: str, before: str, line: int, col: int):
    """(message, place, hint) for a `winners:` ranking written in other words: `fewest score` or
    `then most sticks` (each key is 'highest' or 'lowest'), or `lowest score then ...` without the
    comma. Without this, 'fewest score' read as a value and asked for a comma between two values."""
    head = re.match(r"\s*winners\s*:", here)
    if head is None or re.search(r"[\[(]", before):
        return None
    clause = re.split(r",\s*then\b", before[head.end():])[-1]
    words = clause.split()
    if value == "then" and kind != "NAME" and not before.rstrip().endswith(","):
        return ("Each 'then' of a ranking follows a comma: put ',' before 'then'.", (line, col),
                f"write '{before.strip()}, then ...'")
    if kind != "NAME":
        return None
    if not words and value not in ("highest", "lowest"):
        # `then most sticks`: the definition is the name after the wrong word, if one follows
        after = re.match(r"\s+([A-Za-z_]\w*)", here[col - 1 + len(value):])
        wrong, name, at = value, after.group(1) if after else "score", col
    elif len(words) == 1 and words[0] not in ("highest", "lowest") and re.fullmatch(r"[A-Za-z_]\w*", words[0]):
        wrong, name, at = words[0], value, before.rindex(words[0]) + 1
    else:
        return None
    return (f"A ranking of winners says 'highest' or 'lowest' before each definition, not '{wrong}'.", (line, at),
            f"write 'lowest {name}' (the least wins) or 'highest {name}'")


def _tuple_open(code: str) -> bool:
    """Whether the innermost bracket still open at the end of `code` is a '(' that is no call's (no
    name or closing bracket just before it): `x in (1` is a tuple begun, `max(1` a call's values."""
    at = _open_bracket(code, "([{", ")]}")
    if at is None or code[at] != "(":
        return False
    called = re.search(r"([\w)\]]+)\s*$", code[:at])
    return not called or called.group(1) in ("in", "and", "or", "not", "if", "elif", "then", "else", "while", "from",
                                              "to", "return")


def _bracketed(code: str) -> str:
    """What the '(' that `code` starts with holds, up to the ')' that closes it ('' if none does)."""
    depth = 0
    for i, ch in enumerate(code):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0:
            return code[1:i].strip()
    return ""


def _brackets_open(code: str) -> bool:
    """Whether a '(' is still open at the end of `code` (a call's values are being written)."""
    return code.count("(") > code.count(")")


def _open_bracket(code: str, opening: str = "[", closing: str = "]") -> int | None:
    """Where the innermost bracket of `opening` still open at the end of `code` is (None if none)."""
    opened = []
    for i, ch in enumerate(code):
        if ch in opening:
            opened.append(i)
        elif ch in closing and opened:
            opened.pop()
    return opened[-1] if opened else None


def _several_at_once(value: str, kind: str, here: str, before: str, names: set, line: int, col: int):
    """(message, place, hint) for a line that takes several things where the language takes one,
    as other languages allow: a second 'for' in one list, two names bound by one 'for', several
    items chosen by one choice, or a variable declared secret. Each is said with the way the
    language writes it, where the parser alone would only ask for a ']' or the end of the line."""
    code = _blank_texts(before)
    if value == "for" and "RSQB" in names and re.search(r"\bfor\b", code[_open_bracket(code) or 0:]):
        return ("A list made with 'for' has one 'for'.", (line, col),
                "for every pair of items of two lists write product(A, B), e.g. [b for b in product(range(1, 5), "
                "range(1, 6)) if b[0] > 1], each b a list of two; for the items of several lists, flatten([... for x "
                "in xs])")
    bound = re.search(r"\bfor\s+([A-Za-z_]\w*)\s*$", code)
    if value == "," and bound:
        return (f"A 'for' names one item: '{bound.group(1)}' and the names after it cannot each take a part of it.",
                (line, bound.start(1) + 1),
                f"name the item alone ('for {bound.group(1)} in ...') and take its parts as {bound.group(1)}[0], "
                f"{bound.group(1)}[1]")
    if kind == "INT" and re.search(r"\bchooses?$", code):
        return (f"A choice takes one item, so '{value}' cannot come before its name.", (line, col),
                f"to choose {value}, repeat the choice ('repeat {value} times:' around it), moving each item "
                "chosen into a zone (a zone seen by its owner keeps a secret choice's items secret)")
    if value in ("owner", "hidden", "public", ",") and re.match(r"\s*((replace|extend)\s+)?(player\s+)?var\b", here) \
            and re.match(r",?\s*(owner|hidden|public)\b", here[col - 1:]):
        word = re.match(r",?\s*(owner|hidden|public)\b", here[col - 1:]).group(1)
        return (f"A variable cannot be '{word}': every variable is seen by everyone, and only zones hide "
                "things.", (line, col),
                "keep what only its player may see in a zone of things: 'player zone cup: pip, owner', with a kind "
                "for the things (a die's face as a thing of a kind with a 'face' field)")
    return None


def _empty_block(above: str, where):
    """The message, place and hint for a line ending in ':' with nothing under it. A kind's block
    holds fields, where 'pass' is not one: a kind that adds none is written without the ':'."""
    if re.match(r"\s*((extend|replace)\s+)?(player\s+)?kind\b", above):
        return ("The kind's block after ':' is empty.", where,
                "a kind with no fields of its own here is written without the ':'")
    block = re.match(r"(?:(?:extend|replace)\s+)?(table|display|pattern|enum|die|option|winners)\b", above)
    if block:             # blocks of entries, not of statements: 'pass' is not one of them
        return (f"The {block.group(1)}'s block after ':' is empty.", where,
                f"indent its entries under it; a {block.group(1)} with none has nothing to say, so leave it out")
    return ("The block after ':' is empty.", where,
            "indent the block's lines under it, or write 'pass' for a block that does nothing")


_KEY_WORDS = {"THEN", "ELSE", "COLON", "FROM", "TO", "LABELLED", "IN", "BY", "TIMES"}


def _last_code_line(lines: list, line: int) -> int:
    """The last line before `line` that holds code (the one ending with ':')."""
    for n in range(line - 1, 0, -1):
        code = _blank_texts(lines[n - 1]).strip()
        if code:
            return n
    return line


_CONTROL_NAMES = {0: "NUL", 0x07: "bell", 0x08: "backspace", 0x0B: "vertical tab", 0x0C: "form feed",
                  0x0D: "carriage return", 0x1B: "escape", 0x7F: "delete"}


# Letters of other alphabets drawn like a-z: a name typed with one looks right and is not.
_LOOK_ALIKES = dict(zip("аеорсухіјѕԁһӏԛԝАВЕКМНОРСТХІЈЅαοντιρχΑΒΕΗΙΚΜΝΟΡΤΧΥΖ",
                        "aeopcyxijsdhlqwABEKMHOPCTXIJSaovtipxABEHIKMNOPTXYZ"))


def _character_words(ch: str) -> str:
    """A character for a message: shown in quotes when it can be seen, else named by its code
    point, so an invisible one (a NUL, a no-break space) is not shown as a blank."""
    import unicodedata
    if not ch:
        return "A character"
    code = f"U+{ord(ch):04X}"
    if unicodedata.category(ch) == "Cc":
        name = _CONTROL_NAMES.get(ord(ch))
        return f"The {name} character ({code})" if name else f"The control character {code}"
    if ch.isprintable() and not ch.isspace():
        return f"The character '{ch}'"
    name = unicodedata.name(ch, "")
    return f"The invisible character {code}" + (f" ({name})" if name else "")


# Characters an editor or a word processor puts in place of the plain ones the language reads.
_TYPOGRAPHIC = {**dict.fromkeys("\u201c\u201d\u201e\u00ab\u00bb\u2018\u2019\u201a",
                                'a text is written in plain double quotes, "like this": an editor or word '
                                'processor turned these into typographic quotes'),
                **dict.fromkeys("\u2013\u2014", "write 'to' for a range (2 to 6), or '-' for a minus"),
                "\u2212": "write '-', the plain minus", "\u2260": "write '!=' for 'is not'",
                "\u2264": "write '<='", "\u2265": "write '>='", "\u00d7": "write '*' to multiply",
                "\u00f7": "write '/' to divide", "\u2192": "write '->'", "\u21d2": "write '=>'",
                "\u2026": "write the word in full: the language has no '...'",
                "\u00a0": "type a plain space in its place",
                "\ufeff": "delete it: a byte order mark belongs only at the very start of a file (it came in "
                           "with text pasted from another file)",
                "\\": "a '\\' goes on with the line only as its last character: nothing may follow it, a "
                       "comment neither (put the comment on the line above)"}


def _stray_character_hint(ch: str) -> str:
    """How to write what a character that starts nothing meant, or how to be rid of it."""
    import unicodedata
    if ch in _TYPOGRAPHIC:
        return _TYPOGRAPHIC[ch]
    plain = unicodedata.normalize("NFKC", ch) if ch else ""
    if plain != ch and len(plain) == 1 and plain.isascii() and plain.isprintable() and not plain.isspace():
        # a full-width '：' or '（' of an East Asian keyboard, a superscript digit
        return f"type the plain '{plain}' in its place"
    if ch and (unicodedata.category(ch) in ("Cf", "Cc") or ch.isspace()):
        return "delete it: it cannot be seen, and the language reads plain spaces, tabs and line ends only"
    return ""


def _name_meant(line: str, i: int) -> str:
    """The name a stray character at line[i] stands inside, read without the invisible characters
    in it and with each look-alike letter's plain one ('target' for 'tar<U+200F>get' or 't<а>rget'),
    as a note for a hint: "; the name then reads 'target'"; "" when it stands inside no name, or
    the name would still not be a plain one."""
    import unicodedata

    def part(c):
        return c.isalnum() or c == "_" or unicodedata.category(c) == "Cf"
    a, b = i, i + 1
    while a > 0 and part(line[a - 1]):
        a -= 1
    while b < len(line) and part(line[b]):
        b += 1
    word = "".join(c if c.isascii() else _LOOK_ALIKES.get(c, "" if unicodedata.category(c) == "Cf" else c)
                   for c in line[a:b])
    if (a, b) == (i, i + 1) or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", word):
        return ""
    return f"; the name then reads '{word}'"


def _plain_syntax_diagnostic(e: UnexpectedInput, file: str, text: str, line: int, col: int,
                             line_offset: int) -> Diagnostic:
    import unicodedata
    span = Span(file, line + line_offset, col)
    if isinstance(e, UnexpectedCharacters):
        lines = text.split("\n")         # as lark counts lines (splitlines also splits at \f and others)
        ch = lines[line - 1][col - 1:col] if 0 < line <= len(lines) else ""
        hint = 'texts are written in double quotes' if ch and ch in "'`" else ""
        meant = _name_meant(lines[line - 1], col - 1) if ch else ""
        if ch.isalpha() and not ch.isascii():      # `var größe`, or a look-alike `і` typed in `hіts`
            like = _LOOK_ALIKES.get(ch, "")
            return Diagnostic("E100", f"The letter '{ch}' (U+{ord(ch):04X}) cannot be part of a name: names are "
                                      "made of the letters a to z and A to Z, digits and '_'.", span,
                              f"it looks like '{like}' but is a letter of another alphabet: type '{like}' again{meant}"
                              if like else "spell the name in plain letters; a text in quotes may hold any letter")
        invisible = bool(ch) and unicodedata.category(ch) == "Cf"       # a mark or joiner typed inside a name
        return Diagnostic("E100", f"{_character_words(ch)} cannot start anything here.", span,
                          (hint or _stray_character_hint(ch)) + (meant if invisible else ""))
    names = getattr(e, "expected", None) or getattr(e, "accepts", None) or []
    lines_ = text.split("\n")
    if "TIMED" in names and not re.match(r"\s*secretly\b", lines_[line - 1] if 0 < line <= len(lines_) else ""):
        # the grammar shares a choose's prompt with the secret choice's, after which 'timed' may come:
        # only a secret choice takes 'timed as t', so it is not offered for a plain choose
        names = [n for n in names if n != "TIMED"]
    elif "COLON" in names and "_NL" in names and \
            re.match(r"\s*secretly\b", lines_[line - 1] if 0 < line <= len(lines_) else ""):
        # the same sharing the other way: a secret choice always ends with ':' and its block
        names = [n for n in names if n != "_NL"]
    expected = describe_expected(names)
    if {"RULE", "GAME", "KIND"} <= set(names):   # at the top level, name the idea, not 25 keywords
        expected = "a declaration such as 'game', 'kind', 'var', 'define', 'rule', 'setup' or 'turn'"
    if isinstance(e, UnexpectedEOF):
        return Diagnostic("E101", f"The file ends too early; expected {expected}.", span)
    tok = e.token
    own = text.split("\n")[line - 1] if 0 < line <= len(text.split("\n")) else ""
    verb = re.match(r"(replace|extend)\s+(\w+)\b", own)
    if verb and verb.group(2) in _UNCHANGEABLE and col <= verb.end(2) + 1:   # a word a variant cannot change
        what, instead = _UNCHANGEABLE[verb.group(2)]
        return Diagnostic("E101", f"A variant cannot {verb.group(1)} {what}.",
                          Span(file, line + line_offset, verb.start(2) + 1, line + line_offset, verb.end(2) + 1),
                          instead.format(verb=verb.group(1)))
    bare = re.match(r"(replace|extend)\s+([A-Za-z_]\w*)\s*[(:]", own)
    if bare and bare.group(2) not in _DECLARING and col <= bare.end(2) + 1:   # `replace acting(a: action): ...`
        return Diagnostic("E101", f"'{bare.group(1)}' is followed by the whole declaration, with its first word: "
                                  f"'{bare.group(2)}' alone does not say what it is.",
                          Span(file, line + line_offset, bare.start(2) + 1, line + line_offset, bare.end(2) + 1),
                          f"write the declaration as the base does, e.g. "
                          + (f"'replace define {bare.group(2)}...' or 'replace var {bare.group(2)}...'"
                             if bare.group(1) == "replace" else f"'extend rule {bare.group(2)}:' or 'extend kind {bare.group(2)}:'"))
    ext = re.match(r"extend\s+(?:player\s+)?(\w+)\b", own)
    if ext and ext.group(1) in _replaced_only() and col <= ext.end(1) + 1:   # `extend define`: only `replace` takes it
        return Diagnostic("E101", f"A variant cannot extend {_replaced_only()[ext.group(1)]}: 'extend' adds fields or records "
                                  "to a kind, values to an enum or an option, entries to a table, or lines at the end of a "
                                  "rule, a stage, a section or the display.",
                          Span(file, line + line_offset, ext.start(1) + 1, line + line_offset, ext.end(1) + 1),
                          "write 'replace' in place of 'extend', and give the whole new declaration")
    if tok.type == "_INDENT":
        line = _indented_line_after(text, line)
        colon = _colon_missing(text, line)
        if colon is not None:
            at, col = colon
            hint = "add ':' at the end of this line"
            if _dedent_fixes(text, at, line):
                hint += f" if line {line + line_offset} is its block; else indent line {line + line_offset} " \
                        "only as far as this line"
            return Diagnostic("E101", "This line opens no block, so the indented lines under it cannot belong "
                                      "to it: a block opens after a line that ends with ':'.",
                              Span(file, at + line_offset, col), hint)
        alone = _dedented_alone(text, line)
        if alone is not None and alone[3]:     # the line above went back alone, out of the block it sits in
            at, col, before, _ = alone
            return Diagnostic("E104", f"This line is indented less than the lines above and below it (lines "
                                      f"{before + line_offset} and {line + line_offset}), which line up with each "
                                      "other: it ends their block, and the line below it has no block to go on.",
                              Span(file, at + line_offset, col),
                              f"indent it to column {_indent_of(text, line) + 1}, like them", about=("indented",))
        lines = text.split("\n")
        own = lines[line - 1].strip() if 0 < line <= len(lines) else ""
        word = own.split(" ", 1)[0]
        hint = (f"'{word}' starts a declaration, which is written at the left margin: move the line there"
                if word in _DECLARATION_WORDS and word not in _STATEMENT_WORDS else
                "indent only after a line that ends with ':'")
        if alone is not None:      # this line went in alone, or the one above went back alone
            hint += (f"; or, if line {alone[0] + line_offset} went back a step by mistake, indent it to column "
                     f"{_indent_of(text, line) + 1}, like the lines around it")
        return Diagnostic("E104", "This line is indented more than the line before it, but nothing here opens a block.",
                          Span(file, line + line_offset, _indent_of(text, line) + 1), hint, about=("indented",))
    few = sorted({_describe_terminal(n) for n in names})
    add = f"add {' or '.join(few)} here" if 0 < len(few) <= 2 else ""
    starts = own[:col - 1].strip() == "" and col > 1
    if "'option'" in few and starts and tok.type not in ("_NL", "_DEDENT", "_INDENT", "$END") \
            and str(tok) != "option":
        return Diagnostic("E101", "A choose's block holds only its options, and this line is not one: it is "
                                  "indented as far as the options, not into an option's block.", span,
                          "indent it into the block of the option it belongs to, or back out of the choose")
    if few == ["an indented block"]:
        at = _last_code_line(text.split("\n"), line + 1)
        above = _blank_texts(text.split("\n")[at - 1]).rstrip()
        message, _, hint = _empty_block(above, None)
        return Diagnostic("E101", message, Span(file, at + line_offset, len(above) + 1), hint)
    if tok.type == "_DEDENT":
        return Diagnostic("E101", f"The block ends too early; expected {expected}.", span, add)
    if tok.type == "_NL":
        if few == ["':'"]:
            add = "end the line with ':' (a block follows it)"
        elif "':'" in few and re.match(r"\s*(may\s+)?(option|for|choose)\b", _blank_texts(own)):
            # `option "Roll again"` with no ':': the other words it might take hid the hint
            add = "end the line with ':' (a block follows it)"
        own = text.split("\n")[line - 1] if 0 < line <= len(text.split("\n")) else ""
        if "':'" in few and re.match(r"\s*secretly\b", own):
            add = ("end the line with ':' and write the reveal under it: a secret choice's block runs once per "
                   "player when everyone has chosen")
        bare = re.fullmatch(r"\s+([A-Za-z_]\w*)\s*(#.*)?", own)
        if bare and bare.group(1) in _LOOP_HABITS:      # `break`, `continue`: not the call of a rule
            message, hint = _LOOP_HABITS[bare.group(1)]
            return Diagnostic("E101", message, Span(file, line + line_offset, bare.start(1) + 1), hint)
        if bare and "':'" not in few and bare.group(1) not in _STATEMENT_WORDS + _DECLARATION_WORDS + ("else",):
            add = f"to call the rule '{bare.group(1)}', write {bare.group(1)}()"
        if few == ["','"] and re.match(r"\s*(player\s+)?zone\s+\w+(\[\d+\])?\s*:\s*\w+\s*(#.*)?$", own):
            # `zone deck: card`: who sees it is not left to a default
            add = ("say who may see what is in it: add ', public', ', owner', ', hidden', ', seen by others', "
                   "', seen by current' or ', top public' (a face-up pile)")
        if re.fullmatch(r"\s*((replace|extend)\s+)?winners\s*:\s*(#.*)?", own):
            add = "say how the winners are ranked, as 'winners: highest score' (a definition of one player)"
        if few == ["a name"] and re.match(r"\s*winners\s*:.*\b(highest|lowest)\s*(#.*)?$", own):
            add = "name the definition of one player that ranks them, as 'highest score'"
        if re.fullmatch(r"\s*end\s*(#.*)?", own):
            add = ("say what ends: 'end game \"why\"', 'end turn', or 'end NAME' for a stage; a block needs no "
                   "'end': it ends where the indentation goes back")
        if few == ["'from'"] and re.match(r"\s+remove\s+\w+\s*(#.*)?$", own):
            add = ("inside a block, 'remove THING from ZONE' takes a thing out of a zone; a variant drops a "
                   "declaration with 'remove NAME' written at the left margin")
        return Diagnostic("E101", f"The line ends too early; expected {expected}.", span, add,
                          about=("':' missing",) if few == ["':'"] else ())
    if tok.type == "$END":
        return Diagnostic("E101", f"The file ends too early; expected {expected}.", span)
    shown = tok.value if tok.type != "STRING" else tok.value
    hint = ""
    if tok.type == "NAME" or re.fullmatch(r"[a-z_]+", str(tok)):     # a keyword too: `take round`
        keywords = [n.strip("'") for n in expected.split(", ") if n.startswith("'")]
        hint = did_you_mean(str(tok), keywords)
        if not hint and col == 1:
            hint = "every line at the left margin starts a declaration; indent lines that belong to the one above"
    if not hint and tok.type == "NAME" and "a whole number" in few and \
            re.search(r"\bin\s+-?\d*\s*(to\s*)?$", text.split("\n")[line - 1][:col - 1]):
        hint = ("the ends of a declared range are whole numbers written out, not names; to change one in a "
                "variant, write 'replace var ...' with the new range")
    if not hint and "'='" in few and str(tok) != "=" and re.match(
            r"\s*((replace|extend)\s+)?(define|var|player\s+var)\s+\w+\s*(\([^)]*\))?\s*:\s*[\w ]+?\s*$",
            text.split("\n")[line - 1][:col - 1]):
        # `define skull: int 14`: the value follows an '='
        hint = "put '=' between the type and the value: ... : TYPE = VALUE"
    if str(tok) == "on" and re.match(r"\s*(replace\s+)?reaction\s+\w+\s+instantly\s*$",
                                     text.split("\n")[line - 1][:col - 1]):
        # `reaction x instantly on e(...)`: an instant reaction is offered between decisions, not at an event
        hint = ("an 'instantly' reaction waits for no event (it is offered whenever anyone decides): leave out "
                "'on ...', or leave out 'instantly' to answer the event")
    if tok.type == "NAME" and "'seen'" in few and str(tok) in ("others", "everyone", "all", "current", "nobody"):
        # `player zone hand: card, others`: who sees it follows 'seen by'
        hint = {"others": "a hand held facing away, seen by every player but its owner, is 'seen by others'",
                "everyone": "a zone everyone sees is 'public'", "all": "a zone everyone sees is 'public'",
                "nobody": "a zone nobody sees is 'hidden'",
                "current": "a zone the player whose turn it is sees is 'seen by current'"}[str(tok)]
    if any(re.match(r"\s*(player\s+)?zone\b.*,\s*(public\s+)?top\s*$", s) for s in (own[:col - 1] + str(tok), own[:col - 1])):
        # `public top`, `top seen`: a face-up pile is written as the rule reads, its top public
        hint = "a face-up pile, whose top card alone every seat sees, is 'top public'"
    if str(tok) == "timed":        # before any 'did you mean': the word is right, its place is not
        hint = ("'timed as t' comes last, after the label and the prompt: 'secretly each p in players "
                "chooses c from ... labelled ... timed as t:'" if "secretly" in text.split("\n")[line - 1] else
                "'timed as t' belongs to a race, a secret choice: 'secretly each p in players chooses c "
                "from ... labelled ... timed as t:'")
    if not hint:
        hint = _choose_words_hint(tok, own, col, few)     # a part out of order is told by `_habit`
    if not hint and re.fullmatch(r"\s*(replace\s+)?extend\s+choose\s*", own[:col - 1]) and tok.type == "NAME":
        # `extend choose action_phase:`: the rule is named after 'in'
        hint = f"write 'extend choose in {tok.value}:'"
    if not hint and str(tok) == "else" and "'or'" in few:
        # `labelled "Bid {b}" else "Pass"`: the way to decline is named after 'or'
        hint = "the option that declines is named with 'or': 'labelled \"...\" or \"...\"'"
    if not hint and "','" in few and tok.type in ("NAME", "INT") and col > 1 and \
            re.search(r"\w\s+$", text.split("\n")[line - 1][:col - 1]):
        hint = (f"put a ',' before '{tok.value}': a table's keys are parted by commas" if "->" in own[col - 1:]
                else f"put a ',' before '{tok.value}': items of a list are parted by commas")
    before_code = own[:col - 1]
    word = re.fullmatch(r"\s*([A-Za-z_]\w*)\s+", before_code)
    if not hint and "'='" in few and word and word.group(1) in _GAME_VERBS:
        # `deal 5 from deck to each player`: a card game's verb, where the language has its own
        hint = _GAME_VERBS[word.group(1)]
    if not hint and "'='" in few and tok.type == "NAME" and re.fullmatch(r"\s*[A-Za-z_]\w*(\.[A-Za-z_]\w*)*\s+", before_code):
        # `spots next_to_eliminator`: two names, where the first is set
        hint = f"is an '=' missing? to set it, write '{before_code.strip()} = {tok.value}'"
    if not hint and any(f.startswith("a quoted text") for f in few) and tok.type != "STRING":
        # `from cards.yaml`: the words where a text was wanted, to be put in quotes
        rest = text.split("\n")[line - 1][col - 1:] if 0 < line <= len(text.split("\n")) else ""
        bare = re.match(r"[^\s:,\"#]+", rest)
        before_word = re.findall(r"[A-Za-z_]+", text.split("\n")[line - 1][:col - 1])
        # only where a text is what belongs: after a word that takes one, or where nothing else would do
        wants_text = before_word and before_word[-1] in ("labelled", "prompt", "say", "show", "game", "title") \
            or all(f.startswith("a quoted text") or f == "the end of the line" for f in few)
        if bare and before_word and before_word[-1] in ("from", "extends", "include"):
            hint = f'write the file name in double quotes: "{bare.group(0)}"'
        elif bare and wants_text:
            hint = 'a text is written in double quotes, with each value in braces: "... {value} ..."'
    if not hint and re.fullmatch(r"\s+(turns|rounds)\s+", before_code) and str(tok) in ("from", "led"):
        # `rounds led by smackhead`: the verb left out
        hint = (f"write 'take {own.split('#')[0].strip()}': turns and rounds are taken with 'take'")
    if not hint and str(tok) == "players" and not before_code.strip() and \
            re.match(r"\s*(=|\+=|-=)", own[col - 1 + len(str(tok)):]):
        # `players = []`: the engine keeps who plays and whose turn it is
        hint = ("'players' is kept by the engine (the player count sets it), so a rule cannot set it: keep a "
                "list of your own in a 'var' for anything else")
    if not hint and str(tok) == "{" and "a name" in few:
        # `{"a": 14}["a"]`: a map of another language, where the language has tables
        hint = ("the language has no '{...}' maps: to look a value up by a key, declare 'table NAME:' with one "
                "'KEY -> VALUE' a line, and read it as NAME[KEY]")
        if re.match(r"\{\s*\}", own[col - 1:]):      # `= {}`: an empty collection to start from
            hint = "an empty list is written [] (the language has no '{...}' maps; a lookup by key is a 'table')"
    if not hint and str(tok) == "=" and re.match(r"\s*((replace|extend)\s+)?define\s+\w+\s*(\([^)]*\))?\s*:[^=]*=[^=]*[^=!<>]$",
                                                 before_code):
        # `define here(p: player): space = rolls += 1`: a definition that would change what it reads
        hint = ("a definition works a value out and changes nothing: set the variable ('NAME = ...', "
                "'NAME += 1') in a rule or the turn, and let the definition read it")
        if not re.search(r"[-+*/]\s*$", before_code):      # a lone '=': perhaps meant as a comparison
            hint = "to compare two values, write '=='; " + hint
    return Diagnostic("E101", f"Unexpected '{shown}'; expected {expected}.", span, hint or add)


# The optional parts of `choose x from L ...`, in the one order the grammar takes them.
_CHOOSE_CLAUSES = ("if", "labelled", "by", "prompt")


def _clause_order_hint(word: str, line: str, col: int) -> str:
    """`choose n from xs labelled "..." prompt "..." by p`: a part of a choose written after one
    that must follow it. Says which part comes first, and the whole order."""
    if word not in _CHOOSE_CLAUSES:
        return ""
    plain = _blank_texts(line)
    m = re.match(r"\s*(may\s+)?choose\s+\w+\s+from\b", plain)
    if not m:
        return ""
    written = set(re.findall(r"\b(if|labelled|by|prompt)\b", plain[m.end():col - 1]))
    later = [w for w in _CHOOSE_CLAUSES[_CHOOSE_CLAUSES.index(word) + 1:] if w in written]
    if not later:
        return ""
    return (f"'{word}' comes before '{later[0]}': a choose's parts go in this order, "
            "'choose x from L if ... labelled \"...\" by p prompt \"...\"'")


def _choose_words_hint(tok, line: str, col: int, few: list) -> str:
    """A choose, secret choice or reaction missing its word: the label written without 'labelled'
    (`choose c from p.hand "Play {c}"`), or 'choose' where a secret choice says 'chooses'."""
    plain = _blank_texts(line)
    if re.match(r"\s*secretly\b", plain) and str(tok) == "choose":
        return "a secret choice says 'chooses': 'secretly each p in players chooses c from ... labelled \"...\":'"
    m = CHOOSE_FROM.match(plain)
    reaction = re.match(r"\s*(?:replace\s+)?reaction\s+\w+\s+(?:on\b|instantly\b)", plain)
    if reaction and not re.search(r"\blabelled\b", plain[:col - 1]) and (tok.type == "STRING" or "'labelled'" in few
                                                                        and re.search(r'\w\s+"[^"]*"\s*$', plain[reaction.end():col - 1])):
        # `... if p != who "Challenge {who}":`: the text read as a thing named by a kind `who`
        return "a reaction's label follows the word 'labelled': 'reaction ... by p if ... labelled \"...\":'"
    if not m or re.search(r"\blabelled\b", plain[:col - 1]):
        return ""
    if tok.type == "STRING" or "'labelled'" in few and re.search(r'\w\s+"[^"]*"\s*$', plain[m.end():col - 1]):
        return "the options' label follows the word 'labelled': 'from L labelled \"...\"'"
    return ""


# What a variant cannot `replace` or `extend` (the word, in words), and what it does instead.
_UNCHANGEABLE = {
    "event": ("an event", "declare a new event under another name, and replace the rules and reactions that "
                          "signal or answer the old one"),
    "game": ("the title", "write 'game \"...\"' again, without '{verb}': a variant's title takes the base's place"),
    "players": ("the player count", "write 'players ...' again, without '{verb}': a variant's player count takes "
                                    "the base's place"),
}


# The words a declaration that `replace` or `extend` changes starts with (or that a variant is told
# it cannot change): a declaration's first word, but not a grid's or a side's, nor the words of
# including, extending, removing and replacing themselves.
_DECLARING = set(_DECLARATION_WORDS) - {"grid", "side", "include", "extends", "remove", "replace", "extend"}

# Declarations in words, where their first word is not enough.
_DECLARATION_PHRASES = {"var": "a variable", "define": "a definition", "winners": "the winners line"}


@functools.cache
def _replaced_only() -> dict:
    """What a variant can `replace` but not `extend`, as the grammar says (the declarations its
    `replace_decl` takes and its `extend_decl` does not): the first word -> the declaration in words.
    Read only for that mistake's message."""
    text = GRAMMAR_PATH.read_text()

    def taken_by(rule: str) -> list:         # `replace_decl: "replace" (option_decl | ...)`, lines and all
        m = re.search(rf"^{rule}:(.*?)\n(?=\S)", text, re.S | re.M)
        return re.findall(r"\b(\w+)_decl\b", m.group(1)) if m else []
    extended = set(taken_by("extend_decl"))
    return {w: _DECLARATION_PHRASES.get(w, f"a {w}") for w in taken_by("replace_decl") if w not in extended}


def _lines(text: str) -> list[str]:
    """The lines of a text as lark counts them, at line ends only: str.splitlines also splits at a
    form feed, a vertical tab, U+2028 and others, which would put every later line one off."""
    lines = _LINE_ENDS.split(text)
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    return lines


_LINE_ENDS = re.compile(r"\r\n|\r|\n")


def _indent_of(text: str, line: int) -> int:
    lines = _lines(text)
    return len(lines[line - 1]) - len(lines[line - 1].lstrip()) if 0 < line <= len(lines) else 0


def _code_lines(text: str):
    """(line number, indentation) of each line that holds code, not blank or only a comment."""
    for i, raw in enumerate(_lines(text), 1):
        stripped = raw.strip()
        if stripped and not stripped.startswith("#"):
            yield i, len(raw) - len(raw.lstrip())


def _colon_missing(text: str, line: int):
    """(line, column) just after the code of the line above `line`, if that line, ended with ':',
    would take the indented lines under it as its block (`kind card from "cards.yaml"` above its
    fields): the parse then gets past `line`. None if it would not, or that line ends with ':'."""
    lines = text.split("\n")
    above = _last_code_line(lines, line)
    if above >= line:
        return None
    code = _blank_texts(lines[above - 1]).rstrip()
    if not code or code.endswith(":"):
        return None
    end = len(code)
    fixed = lines[:above - 1] + [lines[above - 1][:end] + ":" + lines[above - 1][end:]] + lines[above:]
    try:
        build_parser().parse("\n".join(fixed) + "\n", start="start")
    except UnexpectedInput as e:
        if (getattr(e, "line", 0) or 0) <= line:
            return None
    except Exception:
        return None
    return above, end + 1


def _dedent_fixes(text: str, above: int, line: int) -> bool:
    """Would the parse get past `line` if that line alone were indented as far as the line
    `above` (a line indented one step too far, rather than a ':' missing above it)?"""
    if not (0 < above < line <= len(text.split("\n"))):
        return False
    return _reindent_fixes(text, line, _indent_of(text, above), line)


def _dedented_alone(text: str, line: int):
    """(line, column, the line before it, sure) of the code line just above `line`, indented less
    than that line, when it alone may have been dedented: the code lines before and after it line
    up with each other, further in, and indenting it as far as them gets the parse past `line`;
    else None. `sure` when the block goes on after `line` (else `line` may as well be the one
    indented alone: one slip either way)."""
    codes = list(_code_lines(text))
    at = next((k for k, (i, _) in enumerate(codes) if i >= line), len(codes))
    if at < 2:
        return None
    (before, b_indent), (above, a_indent) = codes[at - 2], codes[at - 1]
    here = _indent_of(text, line)
    after = codes[at + 1][1] if at + 1 < len(codes) else 0
    if not a_indent < here == b_indent or not _reindent_fixes(text, above, here, line):
        return None
    return above, a_indent + 1, before, after >= here


def _reindent_fixes(text: str, target: int, want: int, line: int) -> bool:
    """Would the parse get past `line` if the line `target` alone were indented by `want`?"""
    lines = text.split("\n")
    fixed = lines[:target - 1] + [" " * want + lines[target - 1].lstrip(" \t")] + lines[target:]
    try:
        build_parser().parse("\n".join(fixed) + "\n", start="start")
    except UnexpectedInput as e:
        return (getattr(e, "line", 0) or 0) > line
    except Exception:
        return False
    return True


def _indented_line_after(text: str, line: int) -> int:
    """The first code line after `line`: where an unexpected indent really is."""
    return next((i for i, _ in _code_lines(text) if i > line), line)


def _bad_dedent(text: str, whole: str | None = None) -> tuple[int, int, tuple | None, tuple]:
    """(line, column) of the first line whose indentation returns to a column no open block
    started at; (line, column) of the code line above it when that one alone was indented
    further, between two lines of one block (`for p in players:`, a line too far in, then one at
    the block's column), most likely the one indented too far, unless it went in as far as the
    file's blocks do; and the columns of the block closed there and of the one around it. `whole`
    is the whole file when `text` is one declaration of it: the file's custom is the whole's (a
    declaration whose only block went in too far has no other step to compare with)."""
    stack, lines_in, last = [0], [0], 0
    steps: dict = {}          # how far the file's blocks go in, and how often: its custom is the commonest
    above = 0
    for _, indent in _code_lines(whole if whole is not None else text):
        if indent > above:
            steps[indent - above] = steps.get(indent - above, 0) + 1
        above = indent
    for i, indent in _code_lines(text):
        if indent > stack[-1]:
            stack.append(indent)
            lines_in.append(1)
            last = i
            continue
        closed = None
        while indent < stack[-1]:
            closed = (stack.pop(), lines_in.pop())
        if indent != stack[-1]:
            alone = closed is not None and closed[1] == 1 and indent > stack[-1]
            custom = max(steps, key=steps.get) if steps else 4
            if alone and closed[0] - stack[-1] == custom:
                # the line above went in as far as the file's blocks do, this one not: it is the one off
                # (`if c:`, its first line 4 further in, then a line only 2 further in)
                alone = False
            return i, indent + 1, ((last, closed[0] + 1) if alone else None), (closed[0] + 1 if closed else 0, stack[-1] + 1)
        lines_in[-1] += 1
        last = i
    return 1, 1, None, (0, 0)


def _dedent_error(text: str, file: str, start: int, whole: str | None = None) -> Diagnostic:
    line, col, over, (inner, outer) = _bad_dedent(text, whole)
    found = _dedented_before_else(text, line, start)
    if found is not None:       # the 'else' is where it shows, not where it went wrong
        code, message, (at, at_col), hint = found
        return Diagnostic(code, message, Span(file, at + start, at_col), hint)
    if over is not None:
        return Diagnostic("E104", f"This line is indented further than the next line of its block (line "
                                  f"{line + start}, at column {col}).", Span(file, over[0] + start, over[1]),
                          f"indent it to column {col}, like the next line, or the next line like it")
    if inner and outer:           # between the block above it and the one around that
        return Diagnostic("E104", f"This line is indented to column {col}, between the block above it (column {inner}) "
                                  f"and the one around that (column {outer}): it lines up with neither.",
                          Span(file, line + start, col),
                          f"indent it to column {inner} to go on with the block above, or to column {outer} to end it; "
                          "a block's lines are all indented by the same amount")
    return Diagnostic("E104", "This line's indentation does not line up with any block above it.",
                      Span(file, line + start, col),
                      "indent a block's lines by the same amount, and end it at an outer block's column")


def _chunks(text: str, starts: list):
    """Split a broken file into top-level declarations to resume after errors: (first line index,
    text). They start at the lines `starts` (from 0) where `_scan` saw one begin, and at any line
    starting with a word at the left margin, since an unclosed bracket hides the starts after it."""
    lines = text.split("\n")
    words = [i for i, line in enumerate(lines) if line[:1].isalpha() or line[:1] == "_"]
    bounds = sorted(set(starts) | set(words)) + [len(lines)]
    return [(bounds[k], "\n".join(lines[bounds[k]:bounds[k + 1]]) + "\n") for k in range(len(bounds) - 1)]


_OPERATOR = re.compile(r"==|!=|<=|>=|=>|->|[-+*/%<>]|\b(?:and|or|not|if|then|else|in)\b")


def _code_of(line: str) -> str:
    """A line as the nesting scan sees it: comments and the plain words of texts removed, each
    `{expression}` of a text kept, in parentheses (the parser reads it as one more level), with
    the texts inside it seen the same way (their brackets count too)."""
    if '"' not in line and "#" not in line:
        return line

    def keep(m):
        found = m.group(0)
        if found.startswith("#"):
            return ""
        return " ".join(f"({_code_of(x)})" for x in _text_parts(found))
    return _TEXT_OR_COMMENT.sub(keep, line)


def _deepest(code: str, depth: int) -> tuple[int, int]:
    """The deepest bracket level reached in `code` from `depth`, and its column (1-based)."""
    best, col = depth, 1
    for i, ch in enumerate(code):
        if ch in "([{":
            depth += 1
            if depth > best:
                best, col = depth, i + 1
        elif ch in ")]}":
            depth = max(depth - 1, 0)
    return best, col


def _scan(text: str, file: str) -> tuple[list[Diagnostic], list[int]]:
    """A quick look at a file before lark sees it, with a few string operations per line.

    Returns E105 for each line where brackets, operators or blocks go beyond what the parser and
    the passes after it can read (MAX_BRACKETS, MAX_OPERATORS, MAX_BLOCKS), and the lines (from 0)
    where top-level declarations start. A logical line runs on while brackets are open or a line
    ends with `\\`; the first problem of each is reported."""
    problems, starts = [], []
    depth, continued, ops, reported = 0, False, 0, False
    blocks = [0]
    hint = "split it into definitions or rules"
    held = 0            # lines of code of the declaration under way
    for number, line in enumerate(text.split("\n"), 1):
        code = _code_of(line)
        if depth and line[:1].isalpha() and line.split(" ", 1)[0] in _DECLARATION_WORDS:
            depth, continued = 0, False     # a bracket never closed (E107) ends where a declaration starts
        if not continued and depth == 0:
            ops, reported = 0, False
            if code.strip():
                indent = len(line) - len(line.lstrip(" "))
                if indent == 0 and not line[:1].isspace():     # (a no-break space is a mistake inside a block)
                    starts.append(number - 1)
                    held = 0
                while indent < blocks[-1]:
                    blocks.pop()
                if indent > blocks[-1]:
                    blocks.append(indent)
                if len(blocks) - 1 > MAX_BLOCKS:
                    problems.append(Diagnostic("E105", f"Blocks are nested more than {MAX_BLOCKS} deep here.",
                                               Span(file, number, indent + 1), hint))
                    reported = True
        held += bool(code.strip())
        if held == MAX_DECLARATION_LINES + 1 and starts and (not problems or problems[-1].span.line <= starts[-1]):
            problems.append(Diagnostic("E105", f"The declaration at line {starts[-1] + 1} holds more than "
                                               f"{MAX_DECLARATION_LINES:,} lines; a rulebook's declarations are far shorter.",
                                       Span(file, number, 1), "split it into several: a table into tables, a rule "
                                                              "into rules it calls"))
        opens = code.count("(") + code.count("[") + code.count("{")
        closes = code.count(")") + code.count("]") + code.count("}")
        start = len(line) - len(line.lstrip()) + 1      # columns of `code` are the line's when it is the line
        if not reported and depth + opens > MAX_BRACKETS:
            deepest, col = _deepest(code, depth)
            if deepest > MAX_BRACKETS:
                problems.append(Diagnostic("E105", f"This line nests more than {MAX_BRACKETS} brackets deep.",
                                           Span(file, number, col if code is line else start), hint))
                reported = True
        found = _OPERATOR.findall(code)
        if not reported and ops + len(found) > MAX_OPERATORS:
            col = next(m.start() for k, m in enumerate(_OPERATOR.finditer(code)) if ops + k >= MAX_OPERATORS) + 1
            problems.append(Diagnostic("E105", f"This line chains more than {MAX_OPERATORS} operators, which nest "
                                               "one inside another.", Span(file, number, col if code is line else start),
                                       hint))
            reported = True
        ops += len(found)
        depth = max(depth + opens - closes, 0)
        continued = code.rstrip().endswith("\\")
    return problems, starts


_METHODS: dict = {}     # a rule's name -> (the function of _ToAst's method, or None; whether it takes meta)


def _method_of(cls, name: str) -> tuple:
    """The plain function behind `cls`'s method for rule `name`, and whether lark's `v_args(meta=True)`
    asks for the tree's meta first."""
    attr = getattr(cls, name, None) if not name.startswith("_") else None
    if attr is None:
        return None, False
    wrapper = getattr(attr, "visit_wrapper", None)
    if wrapper is None:
        return attr, False
    if getattr(wrapper, "__name__", "") != "_vargs_meta":
        raise TypeError(f"The parser's method {name} uses a form of v_args it does not expect.")
    return attr.base_func, True


def _parse_text(text: str, file: str, line_offset: int, errors: list):
    src = text if text.endswith("\n") else text + "\n"
    tree = _parse_quickly(build_parser(), src)
    try:
        return _ToAst(file, line_offset, errors).transform(tree)
    except VisitError as e:       # lark wraps the transformer's errors; deep nesting is E105
        if isinstance(e.orig_exc, RecursionError):
            raise RecursionError from None
        raise


BATCH = 400     # declarations lark parses at once: its time grows faster than the length of a file


def parse(text: str, file: str = "<rules>") -> tuple[A.Module, list[Diagnostic]]:
    """Parse a whole file. Returns the module (possibly partial) and every diagnostic found.
    (parse_cache.py keeps what parsed cleanly, so a loaded file is not parsed twice.)"""
    module, errors = _parse_whole(text, file)
    return module, [_unindented_field(d, text) for d in errors]


def _unindented_field(d: Diagnostic, text: str) -> Diagnostic:
    """A line at the left margin that fails as a declaration but reads as a field (`colour:
    colour`) under a kind: it lost its indentation. Told with the whole file at hand (a
    declaration is parsed alone, without the lines above it)."""
    if d.code != "E101" or d.span.column != 1 or not d.message.startswith("Unexpected '"):
        return d
    lines = text.split("\n")
    here = lines[d.span.line - 1] if 0 < d.span.line <= len(lines) else ""
    if "->" in _blank_texts(here) and not re.match(r"\s*(" + "|".join(_DECLARATION_WORDS) + r")\b", here):
        # `6 to 8 -> 3`: an entry whose indentation was lost (each of several such, one by one)
        table = declared_above(lambda k: lines[k - 1], d.span.line, "table")
        if table is not None:
            return Diagnostic("E101", f"'{here.strip()}' reads as an entry of the table '{table}' above, but it is "
                                      "not indented under it.", d.span,
                              f"indent it like the table's other entries: '    {here.strip()}'")
    field = re.match(r"([A-Za-z_]\w*)\s*:\s*[^\s#]", here)
    if field is None or field.group(1) in _DECLARATION_WORDS:
        return d
    kind = declared_above(lambda k: lines[k - 1], d.span.line, "kind")
    if kind is None:
        return d
    return Diagnostic("E101", f"'{here.strip()}' reads as a field of the kind '{kind}' above, but it is not "
                              "indented under it.", d.span, f"indent it like the kind's other fields: '    {here.strip()}'")


# The first line of a kind's or a table's declaration (changed by a variant too), naming it.
_DECLARING_LINE = {"kind": re.compile(r"(?:replace\s+|extend\s+)?(?:player\s+)?kind\s+(\w+)"),
                   "table": re.compile(r"(?:(?:replace|extend)\s+)?table\s+([A-Za-z_]\w*)\s*:")}


def declared_above(line_at, line: int, word: str) -> str | None:
    """The name of the kind or table (`word`) whose declaration is the nearest declaration above
    line `line`, or None when that declaration is another. A declaration is a line at the left
    margin that starts with a letter: blank lines, comments, indented lines and lines at the margin
    that start otherwise (an entry `3 -> 4` that lost its indentation) are passed. `line_at(k)` is
    line k's text, from 1."""
    for k in range(line - 1, 0, -1):
        text = line_at(k) or ""
        if text[:1].isalpha():
            m = _DECLARING_LINE[word].match(text)
            return m.group(1) if m else None
    return None


def _parse_whole(text: str, file: str) -> tuple[A.Module, list[Diagnostic]]:
    """The module and the diagnostics of a whole file. A long file is parsed BATCH declarations
    at a time (lark copies the list of declarations read so far at each one, so one parse of
    70,000 would take minutes); a batch that fails is parsed again declaration by declaration,
    to report every broken one."""
    errors: list[Diagnostic] = []
    if "\t" in text:
        module, errors = _parse_whole(text.replace("\t", "    "), file)
        return module, _about_tabs(text, errors, file)
    too_deep, starts = _scan(text, file)
    if too_deep:
        return A.Module(file, _recover(text, file, 0, starts, errors, too_deep), span=Span(file)), errors
    if len(starts) <= BATCH:
        return _parse_or_recover(text, file, 0, starts, errors), errors
    lines = text.split("\n")
    bounds = [0] + starts[BATCH::BATCH] + [len(lines)]
    decls = []
    for a, b in zip(bounds, bounds[1:]):
        batch = "\n".join(lines[a:b])
        decls.extend(_parse_or_recover(batch, file, a, [s - a for s in starts if a <= s < b], errors).decls)
    return A.Module(file, decls, span=Span(file)), errors


def parse_reusing(text: str, file: str, known: dict) -> tuple[A.Module, dict] | None:
    """Parse a file declaration by declaration, taking each declaration whose text is a key of
    `known` (its text -> (its first line, from 0, its declarations and its span)) from there instead of
    parsing it, moved to its line now. Returns the module and the same map for this text, or
    None when the file has tabs, lines nested too deeply or a declaration that does not parse
    cleanly: then `parse` reads it whole and reports what is wrong. An edited rulebook so parses
    only the declarations that changed (parse_cache.py keeps the map)."""
    if "\t" in text:
        return None
    too_deep, starts = _scan(text, file)
    if too_deep:
        return None
    # The declarations as `_chunks` finds them, and the lines before the first; the last ends
    # where the text ends, so that the file's span is the one a whole parse gives.
    lines = text.split("\n")
    bounds = sorted({0} | {start for start, _ in _chunks(text, starts)}) + [len(lines)]
    chunks = [(a, "\n".join(lines[a:b]) + ("\n" if b < len(lines) else "")) for a, b in zip(bounds, bounds[1:])]
    decls, fresh, spans = [], {}, []
    for start, chunk in chunks:
        hit = known.get(chunk)
        if hit is not None:
            ds, span = (hit[1], hit[2]) if hit[0] == start else _moved([hit[1], hit[2]], start - hit[0])
        else:
            errors: list = []
            try:
                module = _parse_text(chunk, file, start, errors)
            except (UnexpectedInput, DedentError, RecursionError):
                return None
            if errors:
                return None
            ds, span = module.decls, module.span
        fresh[chunk] = (start, ds, span)
        decls.extend(ds)
        if span.line:
            spans.append(span)
    # The file's span, as one parse of the whole text gives it: from its first token to its end.
    whole = Span(file, spans[0].line, spans[0].column, spans[-1].end_line, spans[-1].end_column) if spans else Span(file)
    return A.Module(file, decls, span=whole), fresh


def _moved(node, lines: int):
    """`node` (declarations, or any part of them) with every span `lines` further down the file."""
    def down(s: Span) -> Span:
        if not s.line:
            return s
        return Span(s.file, s.line + lines, s.column, s.end_line + lines if s.end_line else 0, s.end_column)
    return _respanned(node, down)


def _respanned(node, move):
    """A copy of `node` (any part of an AST, lists and tuples included) with `move(span)` in place
    of each of its spans. Nodes are copied, not changed: the same declaration may stand twice in
    a file, and each keeps its own line."""
    if isinstance(node, list):
        return [_respanned(x, move) for x in node]
    if isinstance(node, tuple):             # an `if`'s branches are (condition, block) pairs
        return tuple(_respanned(x, move) for x in node)
    if isinstance(node, Span):
        return move(node)
    if isinstance(node, A.Node):
        node = copy.copy(node)
        for k, v in vars(node).items():
            if isinstance(v, (list, tuple, Span, A.Node)):
                setattr(node, k, _respanned(v, move))
    return node


def _tab_among_spaces(file: str, line: int) -> Diagnostic:
    return Diagnostic("E104", "This line is indented with a tab, among lines indented with spaces; a tab counts "
                              "as 4 spaces here, so the line may not be in the block it looks to be in.",
                      Span(file, line, 1), "indent with spaces only (most editors can turn tabs into spaces)")


def _about_tabs(text: str, errors: list, file: str) -> list:
    """A file indented with tabs and spaces mixed: an indentation error near a tab says so (a
    tab counts as 4 spaces, which is rarely what the editor showed)."""
    lines = text.split("\n")
    code = [(i, line) for i, line in enumerate(lines, 1) if line.strip() and not line.lstrip().startswith("#")]
    tabbed = {i for i, line in code if "\t" in line[:len(line) - len(line.lstrip())]}
    spaced = any(line[:1] == " " for _, line in code)
    if not tabbed or not spaced:
        return errors
    if not errors:
        # It parsed, but a tab counts as 4 spaces here, rarely what the editor showed: a line
        # may sit in another block than it looks to be in, with no error to show it.
        return [_tab_among_spaces(file, min(tabbed))]
    out = []
    for d in errors:
        near = sorted({d.span.line, d.span.line + 1} & tabbed) if d.code in ("E101", "E104") else []
        if near:
            # The tab is most likely the mistake: say so at the line it indents.
            at = near[0]
            out.append(_tab_among_spaces(d.span.file, at))
            continue
        if d.code in ("E101", "E104") and ({d.span.line, d.span.line - 1} & tabbed or
                                           any(t < d.span.line for t in tabbed)):
            d = Diagnostic(d.code, d.message, d.span,
                           "this file indents some lines with tabs and others with spaces; a tab counts as "
                           "4 spaces here, so the blocks are not what they look like: indent with spaces only",
                           about=d.about)
        out.append(d)
    return out


def _parse_or_recover(text: str, file: str, offset: int, starts: list, errors: list) -> A.Module:
    """Parse `text` (whose first line is line `offset` + 1 of the file, and whose declarations start
    at the lines `starts`, from 0) in one go, or declaration by declaration when that fails, to
    report every broken one."""
    try:
        return _parse_text(text, file, offset, errors)
    except (UnexpectedInput, DedentError, RecursionError) as e:
        first = e            # `e` itself is unbound when the except block ends
    return A.Module(file, _recover(text, file, offset, starts, errors, [], first), span=Span(file))


def _recover(text: str, file: str, offset: int, starts: list, errors: list, too_deep: list, first=None) -> list:
    """The declarations of `text` parsed one by one, each broken one reported; those with a line
    in `too_deep` are reported so and never handed to lark."""
    decls = []
    chunks = _chunks(text, starts)
    placed = {id(d) for k, (start, _) in enumerate(chunks) for d in too_deep
              if start < d.span.line <= (chunks[k + 1][0] if k + 1 < len(chunks) else len(text))}
    errors.extend(d for d in too_deep if id(d) not in placed)    # before the first declaration
    before = len(errors)
    for k, (start, chunk) in enumerate(chunks):
        end = chunks[k + 1][0] if k + 1 < len(chunks) else len(text)
        deep = [d for d in too_deep if start < d.span.line <= end]
        if deep:                 # never handed to lark: it would take seconds and gigabytes to fail
            errors.append(deep[0])
            continue
        start += offset
        try:
            decls.extend(_parse_text(chunk, file, start, errors).decls)
        except UnexpectedInput as e:
            told = _syntax_diagnostic(e, file, chunk, start)
            errors.append(told)
            decls.extend(_mended(chunk, file, start, told))
        except DedentError:
            errors.append(_dedent_error(chunk, file, start, text))
        except RecursionError:
            errors.append(Diagnostic("E105", "This declaration nests too deeply to read.", Span(file, start + 1, 1),
                                     "split deeply nested expressions into definitions"))
    if len(errors) == before and first is not None:   # the whole failed but no chunk did: report the whole's error
        if isinstance(first, UnexpectedInput):
            errors.append(_syntax_diagnostic(first, file, text, offset))
        else:
            errors.append(_dedent_error(text, file, offset))
    return decls


def _mended(chunk: str, file: str, start: int, told: Diagnostic) -> list:
    """The declarations of a broken declaration `chunk` (whose first line is line `start` + 1) read
    with its slip mended, for a slip whose mending is certain: a block's opening line without its
    ':' (`while rerolls > 0`), or '=' for '==' in a condition. Its other lines are then checked,
    so a second slip in the same rule is told beside the first (the first is told all the same).
    [] when the slip is another, or the mended text does not parse cleanly either."""
    lines = chunk.split("\n")
    at = told.span.line - start - 1
    if told.code != "E101" or not 0 <= at < len(lines):
        return []
    line = lines[at]
    if told.about == ("':' missing",):
        code = _blank_texts(line)
        cut = code.find("#")
        end = len(line[:cut].rstrip()) if cut >= 0 else len(line.rstrip())
        lines[at] = line[:end] + ":" + line[end:]
    elif told.about == ("'=' for '=='",) and line[told.span.column - 1:told.span.column] == "=":
        lines[at] = line[:told.span.column - 1] + "==" + line[told.span.column:]
    else:
        return []
    errors: list = []
    try:
        module = _parse_text("\n".join(lines), file, start, errors)
    except Exception:        # (lark's errors, a dedent, too deep): the declaration stays out, as before
        return []
    return [] if errors else module.decls


def parse_expression(text: str, file: str = "<expr>") -> A.Expr:
    errors: list[Diagnostic] = []
    tree = build_parser().parse(text, start="expr")
    node = _ToAst(file, 0, errors).transform(tree) if isinstance(tree, Tree) else _ToAst(file, 0, errors)._token_expr(tree)
    return node
