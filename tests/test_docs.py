"""The references cannot drift from the language or the engine.

Every fenced block in docs/language.md is read by the convention that the document explains at
its top:

- ```rules            a complete one-file rulebook: it must load and check with no error and no
                      warning, and a few seeded random games of it must run without a rule error;
- ```rules file=PATH  one file of a rulebook folder (likewise ```yaml file=PATH for data files);
                      all such blocks under one heading form one folder, checked and run like a
                      rulebook, and each variants/NAME.rules in it is checked and run as a variant;
- ```rules-snippet    part of a rulebook: it must parse, nothing more;
- ```rules-error CODE a rulebook that must be refused with that diagnostic code.

Every block under "The hard rules" must be a full checked rulebook. Every keyword and symbol of
the grammar, every built-in function and every diagnostic code must appear in the reference.
The Python examples in docs/engine.md are run. The examples of docs/scenarios.md are run as the
text says: the scenario file passes against the rulebook its first line names, the failure shown is
what `tabletop test` prints when that file expects what the text supposes, and the steps of a
secret choice pass in the test game the text names.
"""
from __future__ import annotations

import random
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tabletop.dsl.checker import check
from tabletop.dsl.diagnostics import RulebookError, render_all
from tabletop.dsl.loader import load_program
from tabletop.dsl.parser import parse
from tabletop.interpreter import scenarios

REPO = Path(__file__).resolve().parent.parent
LANGUAGE = REPO / "docs" / "language.md"
ENGINE = REPO / "docs" / "engine.md"
SCENARIOS = REPO / "docs" / "scenarios.md"
ARCHITECTURE = REPO / "docs" / "architecture.md"
GRAMMAR = REPO / "dsl" / "grammar.lark"

GAMES_PER_EXAMPLE = 3
DECISIONS_PER_GAME = 400


# ---------------------------------------------------------------------------- reading the docs
@dataclass
class Block:
    info: str           # the fence's info string, e.g. "rules file=game.rules"
    text: str
    line: int           # line of the opening fence, 1-based
    heading: str        # the nearest heading above it
    section: str        # the nearest level-2 heading above it

    @property
    def tag(self) -> str:
        return self.info.split()[0] if self.info else ""

    @property
    def attrs(self) -> dict:
        return dict(part.split("=", 1) for part in self.info.split()[1:] if "=" in part)

    @property
    def words(self) -> list:
        return [part for part in self.info.split()[1:] if "=" not in part]


def read_blocks(path: Path) -> list[Block]:
    blocks, heading, section = [], "", ""
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            info, start, body = line[3:].strip(), i + 1, []
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            blocks.append(Block(info, "\n".join(body) + "\n", start, heading, section))
        elif line.startswith("#"):
            heading = line.lstrip("#").strip()
            if line.startswith("## "):
                section = heading
        i += 1
    return blocks


BLOCKS = read_blocks(LANGUAGE) if LANGUAGE.exists() else []
KNOWN_TAGS = {"rules", "rules-snippet", "rules-error", "yaml", "sh", "text", "python", "json", ""}


@dataclass
class Example:
    """One rulebook written out of the docs: a folder of files and its variants."""
    name: str
    files: dict = field(default_factory=dict)   # path in the folder -> text
    starts: dict = field(default_factory=dict)  # path in the folder -> line of its block's fence
    line: int = 0
    section: str = ""

    @property
    def variants(self) -> list:
        return sorted(Path(p).stem for p in self.files if p.startswith("variants/") and p.endswith(".rules"))


def examples() -> list[Example]:
    out, groups = [], {}
    for b in BLOCKS:
        if b.tag == "rules" and "file" not in b.attrs:
            out.append(Example(f"line {b.line}: {b.heading}", {"game.rules": b.text}, {"game.rules": b.line},
                               b.line, b.section))
        elif b.tag in ("rules", "yaml") and "file" in b.attrs:
            key = b.attrs.get("example") or (b.heading, b.section)
            if key not in groups:
                groups[key] = Example(f"line {b.line}: {b.heading}", {}, {}, b.line, b.section)
                out.append(groups[key])
            groups[key].files[b.attrs["file"]] = b.text
            groups[key].starts[b.attrs["file"]] = b.line
    return out


EXAMPLES = examples()


def write(example: Example, root: Path) -> Path:
    for name, text in example.files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def diagnostics_of(folder: Path, variant: str | None):
    """Every error and warning the loader and checker report, rendered for a failure message."""
    try:
        checked = check(load_program(str(folder), variant))
    except RulebookError as e:
        return e.diagnostics + list(e.warnings), e
    return list(checked.warnings), None


def rendered(diags, error) -> str:
    sources = getattr(error, "sources", None)
    return render_all(diags, sources)


# ---------------------------------------------------------------------------- the blocks
def test_the_reference_exists_and_has_checked_examples():
    assert LANGUAGE.exists(), "docs/language.md is missing"
    assert len(EXAMPLES) >= 10, f"only {len(EXAMPLES)} checked rulebooks in docs/language.md"


def test_every_block_has_a_known_tag():
    unknown = [f"line {b.line}: ```{b.info}" for b in BLOCKS if b.tag not in KNOWN_TAGS]
    assert not unknown, "blocks with a tag the test does not know:\n" + "\n".join(unknown)


def test_rules_blocks_are_not_silently_skipped():
    """A ```yaml block without file= under a rules example would be ignored: refuse it."""
    stray = [f"line {b.line}" for b in BLOCKS if b.tag == "yaml" and "file" not in b.attrs
             and any(e.line <= b.line and e.section == b.section for e in EXAMPLES)
             and "snippet" not in b.words]
    assert not stray, "yaml blocks with no file= (write ```yaml file=NAME.yaml, or ```yaml snippet): " + ", ".join(stray)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
def test_example_checks_clean(example, tmp_path):
    folder = write(example, tmp_path / "book")
    assert any(p.endswith(".rules") and "/" not in p for p in example.files), \
        f"{example.name}: a rulebook folder needs a top-level .rules file"
    for variant in [None] + example.variants:
        diags, error = diagnostics_of(folder, variant)
        label = f"{example.name}" + (f" (variant {variant})" if variant else "")
        where = ", ".join(f"line 1 of {name} is docs/language.md line {start + 1}" for name, start in example.starts.items())
        assert not diags, f"{label} does not check clean ({where}):\n{rendered(diags, error)}"


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
def test_example_plays(example, tmp_path):
    """Seeded random games of every example run without a rule error."""
    from tabletop.interpreter.api import load_game
    folder = write(example, tmp_path / "book")
    for variant in [None] + example.variants:
        game = load_game(str(folder), variant)
        counts = sorted({game.min_players, game.max_players, (game.min_players + game.max_players) // 2})
        for seed in range(GAMES_PER_EXAMPLE):
            players = counts[seed % len(counts)]
            state = game.new_state(players, seed=seed)
            rng = random.Random(seed)
            for _ in range(DECISIONS_PER_GAME):
                if state.is_over:
                    break
                decision = state.pending
                assert decision is not None, f"{example.name}: not over, yet nobody must decide"
                seat = decision.players[0]
                options = state.options(seat)
                assert options and len(set(options)) == len(options), \
                    f"{example.name}: options must be present and distinct: {options}"
                state.apply(rng.randrange(len(options)), seat, rng.uniform(0.2, 1.5) if decision.timed else None)
            again = game.load_state(state.to_json())
            assert again.to_json() == state.to_json()


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.tag == "rules-snippet"], ids=lambda b: f"line {b.line}")
def test_snippet_parses(block):
    _, errors = parse(block.text, f"language.md:{block.line}")
    assert not errors, f"the snippet at docs/language.md line {block.line} does not parse:\n" + \
        "\n".join(f"line {e.span.line + block.line}: {e.code} {e.message}" for e in errors)


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.tag == "rules-error"], ids=lambda b: f"line {b.line}")
def test_error_example_gives_its_code(block, tmp_path):
    assert block.words, f"line {block.line}: write the expected code, e.g. ```rules-error E201"
    folder = tmp_path / "book"
    folder.mkdir()
    (folder / "game.rules").write_text(block.text, encoding="utf-8")
    diags, _ = diagnostics_of(folder, None)
    codes = {d.code for d in diags}
    assert block.words[0] in codes, f"line {block.line}: expected {block.words[0]}, got {sorted(codes) or 'nothing'}"


def test_the_hard_rules_are_full_rulebooks():
    hard = [b for b in BLOCKS if b.section == "The hard rules"]
    assert hard, "docs/language.md has no section '## The hard rules'"
    partial = [f"line {b.line}: ```{b.info}" for b in hard if b.tag not in ("rules", "yaml")]
    assert not partial, "every block in 'The hard rules' must be a checked rulebook:\n" + "\n".join(partial)
    headings = {b.heading for b in hard if b.tag == "rules"}
    for topic in ["Fireproof Immunity", "Voodoo Schmoodoo", "Plot Twist", "Rubber Tree", "eruption",
                  "secret play", "Colorcracks", "push", "collapse", "arrow", "Zebra", "treasure-search"]:
        assert any(topic.lower() in h.lower() for h in headings), f"no hard-rule example about '{topic}'"


def test_quotes_of_real_rulebooks_are_word_for_word():
    """An example may quote a bundled rulebook between `# --- quoted from rulebooks/NAME/FILE` and
    `# --- end of the quote`; the quote must be in that file as it is (the Taboo Atoll Express
    treasure search and the Smackatoa! Plot Twist do this)."""
    quotes = []
    for b in BLOCKS:
        for m in re.finditer(r"^# --- quoted from (rulebooks/\S+)\n(.*?)^# --- end of the quote", b.text, re.S | re.M):
            quotes.append((b.line, m.group(1), m.group(2).strip("\n")))
    assert {path for _, path, _ in quotes} >= {"rulebooks/taboo_atoll_express/game.rules",
                                               "rulebooks/smackatoa/game.rules",
                                               "rulebooks/smackshapes/game.rules",
                                               "rulebooks/smackshapes/variants/colorcracks.rules"}, \
        "a marked quote went missing"
    for line, path, q in quotes:
        assert q in (REPO / path).read_text(encoding="utf-8"), \
            f"the quote in the example at docs/language.md line {line} differs from {path}"


# ---------------------------------------------------------------------------- coverage of the language
def grammar_literals() -> set[str]:
    """The quoted keywords and symbols of the grammar (not the regular expressions of terminals)."""
    lines = [line for line in GRAMMAR.read_text(encoding="utf-8").splitlines()
             if not line.startswith("%") and not re.match(r"[A-Z_][A-Z_0-9]*(\.\d+)?\s*:\s*/", line)]
    text = re.sub(r"//[^\n]*", "", "\n".join(lines))
    return set(re.findall(r'"((?:[^"\\\n]|\\.)+)"', text))


def code_text() -> str:
    return "\n".join(b.text for b in BLOCKS if b.tag.startswith("rules"))


def test_every_keyword_has_an_example():
    code = code_text()
    words = sorted(w for w in grammar_literals() if re.fullmatch(r"[a-z][a-z ]*", w))
    assert len(words) > 40
    missing = [w for w in words if not re.search(r"(?<![A-Za-z_])" + re.escape(w) + r"(?![A-Za-z_])", code)]
    assert not missing, "keywords with no example in docs/language.md: " + ", ".join(missing)


def test_every_symbol_has_an_example():
    code = code_text()
    symbols = sorted(s for s in grammar_literals() if not re.search(r"[A-Za-z]", s))
    missing = [s for s in symbols if s not in code]
    assert not missing, "symbols with no example in docs/language.md: " + " ".join(missing)


def test_every_builtin_is_described():
    from tabletop.dsl.builtins import BUILTINS, VALUES
    text = LANGUAGE.read_text(encoding="utf-8")
    missing = [n for n in list(BUILTINS) + list(VALUES) if f"`{n}" not in text]
    assert not missing, "built-ins not described in docs/language.md: " + ", ".join(missing)


def test_every_diagnostic_code_is_listed():
    codes = set()
    for folder in ("dsl", "interpreter"):
        for path in (REPO / folder).glob("*.py"):
            codes |= set(re.findall(r'"([EW]\d{3})"', path.read_text(encoding="utf-8")))
    text = LANGUAGE.read_text(encoding="utf-8")
    missing = sorted(c for c in codes if c not in text)
    assert not missing, "diagnostic codes not explained in docs/language.md: " + ", ".join(missing)


# ---------------------------------------------------------------------------- the engine's reference
def test_every_listed_code_has_a_mistake_and_its_fix():
    text = LANGUAGE.read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| ([EW]\d{3}) \| [a-z`]", text, re.M))
    examples = text.split("### Each code: a mistake and its fix", 1)[1].split("\n## ", 1)[0]
    shown = set(re.findall(r"^\| ([EW]\d{3}) \| `?[^|]+\| [^|]+\|$", examples, re.M))
    assert listed and listed <= shown, f"codes with no example of a mistake and its fix: {sorted(listed - shown)}"


def test_engine_examples_run(tmp_path, monkeypatch):
    assert ENGINE.exists(), "docs/engine.md is missing"
    blocks = [b for b in read_blocks(ENGINE) if b.tag == "python"]
    assert blocks, "docs/engine.md has no python example"
    monkeypatch.chdir(REPO)
    scope: dict = {}
    for b in blocks:
        try:
            exec(compile(b.text, f"docs/engine.md:{b.line}", "exec"), scope)
        except Exception as e:       # report which example broke, and where
            pytest.fail(f"the example at docs/engine.md line {b.line} fails: {type(e).__name__}: {e}")


def test_engine_reference_names_the_api():
    import tabletop.interpreter.api as api
    text = ENGINE.read_text(encoding="utf-8")
    names = set(api.__all__) | {n for n in vars(api.State) if not n.startswith("_")} \
        | {n for n in vars(api.Game) if not n.startswith("_")}
    missing = sorted(n for n in names if n not in text)
    assert not missing, "parts of the API that docs/engine.md does not mention: " + ", ".join(missing)


def test_architecture_names_every_module():
    assert ARCHITECTURE.exists(), "docs/architecture.md is missing"
    text = ARCHITECTURE.read_text(encoding="utf-8")
    modules = [f"{d}/{p.name}" for d in ("dsl", "interpreter") for p in sorted((REPO / d).glob("*.py"))
               if p.name != "__init__.py"] + ["dsl/grammar.lark"]
    missing = [m for m in modules if m not in text]
    assert not missing, "modules that docs/architecture.md does not describe: " + ", ".join(missing)


# ---------------------------------------------------------------------------- docs/scenarios.md
def scenario_block(tag: str, holding: str) -> Block:
    found = [b for b in read_blocks(SCENARIOS) if b.tag == tag and holding in b.text]
    assert len(found) == 1, f"docs/scenarios.md should have one ```{tag} block holding {holding!r}"
    return found[0]


def test_the_scenario_file_example_passes(tmp_path):
    block = scenario_block("yaml", "cases:")
    game = re.match(r"# (rulebooks/[^/]+)/scenarios/", block.text)
    assert game, f"docs/scenarios.md line {block.line}: the example's first line should name its file"
    path = tmp_path / "example.yaml"
    path.write_text(f"game: {REPO / game.group(1)}\n" + block.text, encoding="utf-8")
    report = scenarios.run_files([path])
    assert report.ok, f"the example at docs/scenarios.md line {block.line} fails:\n" + scenarios.render(report)


def test_the_failure_shown_is_what_tabletop_test_prints(tmp_path, monkeypatch):
    """The doc supposes a line of a bundled scenario file changed; change it, and run the file
    from a copy of its rulebook, so that the path printed is the one the doc shows."""
    block = scenario_block("text", " error T")
    where = re.match(r"(rulebooks/([^/]+)/\S+?):(\d+):", block.text)
    src, game, line = where.group(1), where.group(2), int(where.group(3))
    supposed = re.match(r"\s*\d+ \| (.*)$", block.text.splitlines()[1]).group(1)
    shutil.copytree(REPO / "rulebooks" / game, tmp_path / "rulebooks" / game)
    lines = (tmp_path / src).read_text(encoding="utf-8").splitlines()
    assert lines[line - 1] != supposed, f"{src}:{line} already says what the doc supposes"
    lines[line - 1] = supposed
    (tmp_path / src).write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    printed = scenarios.render(scenarios.run_files([Path(src)]))
    assert block.text.strip() in printed, (f"docs/scenarios.md line {block.line} shows a failure that "
                                           f"`tabletop test` prints otherwise:\n{printed}")


def test_the_secret_choice_steps_pass_in_the_game_the_text_names(tmp_path):
    block = scenario_block("yaml", "by: Player 1")
    before = SCENARIOS.read_text(encoding="utf-8").splitlines()[block.line - 5:block.line - 1]
    intro = " ".join(before)
    game = re.search(r"`(tests/games/\w+)`", intro).group(1)
    hands = re.findall(r"`(Player \d: \{hand: \[[^]]*\]\})`", intro)
    rest = re.search(r"`rest: (\{[^}]*\})`", intro).group(1)
    assert len(hands) == 2, f"docs/scenarios.md line {block.line}: the text should give both hands"
    text = (f"game: {REPO / game}\nrest: {rest}\ncases:\n  - name: the secret choice of the docs\n"
            f"    players: 2\n    set:\n" + "".join(f"      {h}\n" for h in hands) + "    steps:\n" + block.text)
    path = tmp_path / "secret.yaml"
    path.write_text(text, encoding="utf-8")
    report = scenarios.run_files([path])
    assert report.ok, f"the example at docs/scenarios.md line {block.line} fails:\n" + scenarios.render(report)
