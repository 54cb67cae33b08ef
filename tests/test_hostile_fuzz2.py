"""Hostile input, round two: a seeded fuzzer of save files through the command line, and the
faults it and a hunt over rulebooks found. Every mutated save must be refused with a message that
names the file and the problem (or load, when the change does not matter), with exit code 0 or 1,
never a traceback or an internal error, and its game must never be lost: a save that loads is
saved again. A run 25 times longer is marked soak (pytest --soak).

The mutations: bytes flipped, the file cut short, a value of the wrong type at any place, keys
removed or given twice, huge numbers, texts and lists, deep nesting, NaN and Infinity, another
player count or variant, and parts of another game's save.
"""
import json
import random
from pathlib import Path

import pytest

from cli_fixtures import real, tabletop  # noqa: F401
from cpu import cpu_seconds
from inline import diagnostics
from tabletop.dsl.parser import parse
from tabletop.interpreter import savefile

HEAD = 'game "Hostile"\nplayers 1\ndefine score(p: player): int = 0\n'
TURN = 'turn:\n    end game "done"\n'

WEIRD = [None, True, 0, -1, 2 ** 63, -2 ** 63 - 1, 10 ** 30, 1.5, 1e308, float("nan"), float("inf"), "", "\x00",
         "a" * 100_000, [], {}, [[]], [None, None, None], {"a": 1}, [0, 0, None], "../../etc", "/dev/zero", 3600.5]


def _paths(x, at=()):
    yield at
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _paths(v, at + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _paths(v, at + (i,))


def _set(x, at, value):
    for k in at[:-1]:
        x = x[k]
    x[at[-1]] = value


def mutate(rng: random.Random, text: str, others: list) -> tuple[str, bytes]:
    """One seeded change to the save `text`: what was changed, and the new file's bytes."""
    kind = rng.choice(["flip", "cut", "value", "value", "value", "remove", "twice", "huge", "deep", "players",
                       "variant", "other"])
    raw = bytearray(text.encode())
    if kind == "flip":
        for _ in range(rng.randint(1, 4)):
            raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
        return kind, bytes(raw)
    if kind == "cut":
        return kind, bytes(raw[:rng.randrange(len(raw))])
    data = json.loads(text)
    at = rng.choice(list(_paths(data))[1:])
    if kind == "value":
        _set(data, at, rng.choice(WEIRD))
    elif kind == "remove":
        parent = data
        for k in at[:-1]:
            parent = parent[k]
        del parent[at[-1]]
    elif kind == "twice":
        key = rng.choice(list(data))
        return kind, ("{" + json.dumps(key) + ": " + json.dumps(rng.choice(WEIRD)) + ", "
                      + json.dumps(data)[1:]).encode()
    elif kind == "huge":
        n = rng.choice([10 ** 4, 10 ** 5])
        _set(data, at, [0] * n if rng.random() < .5 else "y" * n)
    elif kind == "deep":
        n = rng.choice([50, 5000, 100_000])
        _set(data, at, "@deep@")
        return kind, json.dumps(data).replace('"@deep@"', "[" * n + "]" * n).encode()
    elif kind == "players":
        data["players"] = rng.choice([1, 2, 4, 7, 10 ** 9])
    elif kind == "variant":
        data["variant"] = rng.choice(["colorcracks", "calm_seas", "nope"])
    else:
        other = json.loads(rng.choice(others))
        key = rng.choice(["state", "moves", "seats", "game", "title", "options"])
        data[key] = other.get(key, data.get(key))
    return f"{kind} at {at}", json.dumps(data, allow_nan=True).encode()


@pytest.fixture(scope="module")
def saves(tmp_path_factory) -> list:
    """Saves of games in progress, of three bundled games (bots in the other seats)."""
    folder = tmp_path_factory.mktemp("saves")
    texts = []
    for game, players in [("smackatoa", 3), ("smackshapes", 2), ("taboo_atoll_express", 1)]:
        seats = [a for n in range(2, players + 1) for a in ("--seat", f"{n}=random")]
        done = tabletop("play", game, "--players", players, "--seed", 3, *seats, "--save", folder / f"{game}.json",
                        "--quiet", stdin="1\n1\n")
        assert done.returncode == 1 and "Game saved" in done.stderr, done.stderr
        texts.append((folder / f"{game}.json").read_text())
    return texts


def fuzz_saves(real, tmp_path, saves, seed: int, count: int) -> None:  # noqa: F811
    rng = random.Random(seed)
    for number in range(count):
        kind, data = mutate(rng, rng.choice(saves), saves)
        path = tmp_path / f"fuzz{number}.json"
        path.write_bytes(data)
        code, out, err = real("play", "--load", path, "--quiet")
        said = f"mutation {number} of seed {seed} ({kind}): exit {code}: {(out + err)[-500:]}"
        assert code in (0, 1), said
        assert "Traceback" not in err and "internal error" not in err, said
        if "Cannot load" in err:
            assert f"Cannot load {path}: " in err, said       # the file named, then the problem
            assert path.read_bytes() == data, said            # a refused file is left as it was
        else:
            assert "Game saved to" in err + out, said         # it loaded: the game is kept
            assert savefile.read(path).moves, said


def test_mutated_saves_are_refused_in_words_or_loaded_and_kept(real, tmp_path, saves):  # noqa: F811
    start = cpu_seconds()
    fuzz_saves(real, tmp_path, saves, 20261129, 40)
    assert cpu_seconds() - start < 20


@pytest.mark.soak
def test_many_mutated_saves_are_refused_in_words_or_loaded_and_kept(real, tmp_path, saves, soak_scale):  # noqa: F811
    fuzz_saves(real, tmp_path, saves, 1129, 100 * soak_scale)


def test_a_save_giving_a_key_twice_is_refused_naming_the_key_and_where(tmp_path, saves):
    """JSON keeps the last of two values quietly; a save edited so is refused, not guessed at."""
    path = tmp_path / "twice.json"
    path.write_text(saves[0].replace('"players": 3,', '"players": 3,\n "players": 4,'))
    with pytest.raises(savefile.SaveFileError) as e:
        savefile.read(path)
    assert str(e.value) == (f'Cannot load {path}: it gives the key "players" twice in its top mapping; a save gives '
                            "each key once, so the file was edited or is corrupt.")


@pytest.mark.parametrize("old, new, where", [
    ('"kind": "human"', '"kind": "human", "kind": "random"', "item 1 of 'seats'"),
    ('"over": false', '"over": false, "over": true', "'state'"),
])
def test_a_key_twice_deeper_in_a_save_is_refused_naming_its_mapping(tmp_path, saves, old, new, where):
    path = tmp_path / "twice.json"
    assert old in saves[0]
    path.write_text(saves[0].replace(old, new, 1))
    with pytest.raises(savefile.SaveFileError, match=f'it gives the key "{new.split(chr(34))[1]}" twice in {where};'):
        savefile.read(path)


def test_a_text_of_a_megabyte_in_a_rulebook_is_checked_in_seconds(tmp_path):
    """The template reader took one character at a time: a text of 1,000,000 characters, within the
    2,000,000 bytes a file may hold, took half a minute or more to check (in a fresh process)."""
    (tmp_path / "game.rules").write_text(HEAD + TURN + 'define t: text = "' + "a" * 1_000_000 + '"\n')
    start = cpu_seconds()
    done = tabletop("check", tmp_path)
    assert done.returncode == 0 and "ok (1 warning)" in done.stdout, done.stdout + done.stderr
    assert cpu_seconds() - start < 12


def test_the_plain_parts_of_a_text_read_in_one_step_keep_their_braces_and_escapes():
    module, errors = parse(HEAD + 'define t: text = "a {{b}} \\"c\\" {x} d\\n"\n' + TURN, "t.rules")
    [t] = [d for d in module.decls if getattr(d, "name", "") == "t"]
    assert errors == [] and t.body.parts[0] == 'a {b} "c" ' and t.body.parts[2] == " d\n"


def test_a_hexadecimal_number_of_thousands_of_digits_in_a_data_file_is_placed_not_a_crash(tmp_path):
    """`0xfff...` counted only its decimal digits: Python then refused to show it, and `check` said
    Python's words, at no line, with exit code 2."""
    rules = HEAD + 'kind recipe from "recipes.yaml":\n    name: text\n    cost: int\n' + TURN
    [d] = [d for d in diagnostics(tmp_path, rules, **{"recipes.yaml": "recipes:\n  - {name: A, cost: 0x" + "f" * 5000
                                                           + "}\n"}) if d.severity == "error"]
    assert (d.code, d.span.line, d.span.column) == ("E027", 2, 21)
    assert d.message == "The number given for 'cost' has 5,000 digits; a rulebook's numbers have at most 15."


def test_a_rulebook_of_a_thousand_files_lists_the_cache_folder_a_few_times_not_at_each(tmp_path, monkeypatch):
    """The cache folder was listed (and its 200 entries stat-ed) after each file kept: a folder of
    3,000 small .rules files took over half a minute to check. It still keeps at most MAX_FILES."""
    from tabletop.dsl import parse_cache
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("TABLETOP_NO_CACHE", raising=False)
    monkeypatch.setattr(parse_cache, "_IN_PROCESS", {})
    monkeypatch.setattr(parse_cache, "_SHARED", {})
    monkeypatch.setattr(parse_cache, "_entries", {}, raising=False)
    listed = []
    real_scandir = parse_cache.os.scandir
    monkeypatch.setattr(parse_cache.os, "scandir", lambda folder: listed.append(folder) or real_scandir(folder))
    for n in range(1000):
        module, errors = parse_cache.parse_file(f"define d{n}: int = {n}\n", f"f{n}.rules")
        assert errors == []
    kept = [p for p in (tmp_path / "cache" / "tabletop").iterdir() if p.name.startswith("parsed-")]
    assert len(listed) < 100 and len(kept) <= parse_cache.MAX_FILES


def test_a_text_showing_more_than_a_thousand_values_is_refused_at_the_first_one_past_it(tmp_path):
    """100,000 values in one text (300,000 characters) took half a minute to check and as long
    again to start a game: each is compiled to a function of its own."""
    rules = HEAD + 'define t: text = "' + "a{t2}" * 1001 + '"\ndefine t2: text = "' + "{1}" * 1000 + '"\n' + TURN
    found = [(d.code, d.span.line, d.span.column, d.message) for d in parse(rules, "t.rules")[1]]
    assert found == [("E105", 4, 18 + 1 + 5 * 1000 + 1, "This text shows more than 1,000 values in braces {…}.")]
    (tmp_path / "game.rules").write_text(HEAD + 'define t: text = "' + "{1}" * 100_000 + '"\n' + TURN)
    start = cpu_seconds()
    done = tabletop("check", tmp_path)
    assert done.returncode == 1 and "E105" in done.stdout and cpu_seconds() - start < 10


def test_a_rulebooks_control_characters_never_reach_the_terminal_raw(real, tmp_path):  # noqa: F811
    """A rulebook is untrusted: a raw ESC in its texts, or YAML's "\\e" and "\\0" in its data, reached
    the terminal as escape sequences (clear the screen, retitle the window, ring the bell)."""
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "game.rules").write_text(
        'game "Ctl\x1b]0;owned\x07"\nplayers 2\nkind card from "cards.yaml":\n    name: text\n'
        'define score(p: player): int = 0\nturn:\n    say "a\x1b[2Jb {first(card).name}"\n'
        '    end game "do\x00ne"\n')
    (tmp_path / "g" / "cards.yaml").write_text('cards:\n  - {name: "x\\ey\\0z"}\n')
    code, out, err = real("play", tmp_path / "g", "--seed", 1, "--seat", "1=random", "--seat", "2=random")
    assert code == 0 and "a\u241b[2Jb x\u241by\u2400z" in out + err and "do\u2400ne" in out + err
    played = out + err
    code, out, err = real("simulate", tmp_path / "g", "-n", 2, "--workers", 1)
    assert code == 0 and "do\u2400ne" in out
    for said in (played, out, err):
        assert not any(ch in said for ch in "\x00\x07\x1b")
