"""The parser's cache (issue 9): lark's analysis of the grammar is kept in a file of the user's
own, so a cold `tabletop check` does not rebuild it; a cache that is corrupt, or a folder others
may write, is never trusted and never makes noise."""
import os
import subprocess
import sys

from cli_fixtures import ROOT


def check(cache_home, *extra_env):
    env = dict(os.environ, PYTHONPATH=str(ROOT), XDG_CACHE_HOME=str(cache_home))
    env.pop("TABLETOP_NO_CACHE", None)
    return subprocess.run([sys.executable, "-m", "tabletop", "check", str(ROOT / "rulebooks" / "smackshapes")],
                          env=env, capture_output=True, text=True, timeout=120)


def test_the_cache_is_written_once_and_used_after(tmp_path):
    first = check(tmp_path)
    assert first.returncode == 0 and first.stderr == ""
    files = list((tmp_path / "tabletop").iterdir())
    assert len(files) == 1 and files[0].name.startswith("grammar-")
    assert oct((tmp_path / "tabletop").stat().st_mode & 0o777) == oct(0o700)
    stamp = files[0].stat().st_mtime_ns
    again = check(tmp_path)
    assert again.returncode == 0 and again.stdout == first.stdout
    assert files[0].stat().st_mtime_ns == stamp, "the second run reads the cache, it does not rewrite it"


def test_a_corrupt_cache_is_rebuilt_quietly(tmp_path):
    check(tmp_path)
    (cache,) = (tmp_path / "tabletop").iterdir()
    cache.write_bytes(b"not a cache at all\n\x80\x03garbage")
    out = check(tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stderr == "" and "ok" in out.stdout


def test_a_folder_others_may_write_is_not_used(tmp_path):
    shared = tmp_path / "tabletop"
    shared.mkdir()
    shared.chmod(0o777)
    out = check(tmp_path)
    assert out.returncode == 0 and out.stderr == ""
    assert list(shared.iterdir()) == []
