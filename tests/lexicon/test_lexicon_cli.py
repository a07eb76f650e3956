"""``python -m kiosk lexicon ...`` as the organiser types it: exit codes, messages, files
written (the command in the test's process, tests/support/cli.py)."""
from __future__ import annotations

import pytest

from tests.support import cli


def kiosk(*args, cwd):
    return cli.run("kiosk", *args, cwd=cwd)


def test_import_writes_the_lexicon_where_it_says(tmp_path, clean_list, enable_words,
                                                 enable_fingerprint):
    done = kiosk("lexicon", "import", clean_list, "--name", "ENABLE", cwd=tmp_path)

    assert done.returncode == 0, done.stderr
    out = tmp_path / "var" / "lexicons" / "ENABLE.lex"
    assert f"Imported ENABLE: {len(enable_words):,} words" in done.stdout
    assert enable_fingerprint in done.stdout
    assert f"Written to {out}" in done.stdout
    assert out.is_file() and done.stderr == ""


def test_import_to_a_chosen_file_reports_bad_lines_and_repeats(tmp_path, write_list,
                                                               enable_words):
    lines = [w.lower() for w in enable_words[:20_000]] + ["x-ray", "aa"]
    source = write_list("list.txt", "\n".join(lines) + "\n")
    out = tmp_path / "chosen" / "MY.lex"

    done = kiosk("lexicon", "import", source, "--name", "MY", "--out", out, cwd=tmp_path)

    assert done.returncode == 0, done.stderr
    assert "1 bad line left out" in done.stdout
    assert "line 20001: 'x-ray'" in done.stdout
    assert "1 repeated word counted once" in done.stdout
    assert out.is_file()


def test_a_refused_list_exits_1_names_the_lines_and_writes_nothing(tmp_path, write_list):
    source = write_list("bad.txt", "cat\ndog\nhot-dog\ncafé au lait\nemu\n")

    done = kiosk("lexicon", "import", source, "--name", "BAD", cwd=tmp_path)

    assert done.returncode == 1
    assert "refused: 2 of 5 entries" in done.stderr
    assert "line 3: 'hot-dog'" in done.stderr and "line 4: 'café au lait'" in done.stderr
    assert "Nothing was written." in done.stderr
    assert done.stdout == "" and not (tmp_path / "var").exists()


def test_a_higher_max_bad_share_accepts_the_same_list(tmp_path, write_list):
    source = write_list("bad.txt", "cat\ndog\nhot-dog\ncafé au lait\nemu\n")

    done = kiosk("lexicon", "import", source, "--name", "BAD", "--max-bad-share", "0.5",
                 cwd=tmp_path)

    assert done.returncode == 0, done.stderr
    assert "Imported BAD: 3 words from" in done.stdout


@pytest.mark.parametrize("share", ["1", "-0.1", "lots"])
def test_a_bad_max_bad_share_is_a_usage_error(tmp_path, write_list, share):
    done = kiosk("lexicon", "import", write_list("w.txt", "aa\n"), "--name", "W",
                 "--max-bad-share", share, cwd=tmp_path)

    assert done.returncode == 2
    assert "expected a fraction from 0 up to 1" in done.stderr


def test_a_missing_file_exits_2_naming_it(tmp_path):
    done = kiosk("lexicon", "import", "nowhere.txt", "--name", "W", cwd=tmp_path)

    assert done.returncode == 2
    assert "nowhere.txt: No such file or directory" in done.stderr


def test_an_existing_lexicon_is_replaced_only_with_force(tmp_path, write_list):
    first = kiosk("lexicon", "import", write_list("a.txt", "aa\n"), "--name", "W", cwd=tmp_path)
    again = kiosk("lexicon", "import", write_list("b.txt", "zzz\n"), "--name", "W", cwd=tmp_path)
    forced = kiosk("lexicon", "import", write_list("b.txt", "zzz\n"), "--name", "W", "--force",
                   cwd=tmp_path)

    assert (first.returncode, again.returncode, forced.returncode) == (0, 2, 0)
    assert "already exists (use --force to replace it)" in again.stderr
    assert "Imported W: 1 word from" in forced.stdout


def test_a_name_that_is_not_a_file_name_exits_2(tmp_path, write_list):
    done = kiosk("lexicon", "import", write_list("a.txt", "aa\n"), "--name", "../CSW",
                 cwd=tmp_path)

    assert done.returncode == 2 and "lexicon name '../CSW'" in done.stderr


def test_info_shows_official_not_official_and_unknown(tmp_path, clean_list, enable_fingerprint):
    kiosk("lexicon", "import", clean_list, "--name", "ENABLE", "--out", "E.lex", cwd=tmp_path)

    official = kiosk("lexicon", "info", "E.lex", "--official", f"ENABLE={enable_fingerprint}",
                     cwd=tmp_path)
    other = kiosk("lexicon", "info", "E.lex", "--official", f"ENABLE={'0' * 64}", cwd=tmp_path)
    unknown = kiosk("lexicon", "info", "E.lex", cwd=tmp_path)

    assert official.returncode == 0 and official.stdout.startswith("ENABLE (official)\n")
    assert "verified" in official.stdout
    assert other.returncode == 1
    assert other.stdout.startswith("ENABLE \u2014 NOT the official list\n")
    assert unknown.returncode == 0
    assert unknown.stdout.startswith("ENABLE (official status unknown)\n")


def test_info_on_a_damaged_lexicon_exits_1(tmp_path, write_list):
    kiosk("lexicon", "import", write_list("a.txt", "aa\nab\n"), "--name", "A", "--out", "A.lex",
          cwd=tmp_path)
    lex = tmp_path / "A.lex"
    lex.write_bytes(lex.read_bytes()[:-4])

    done = kiosk("lexicon", "info", "A.lex", cwd=tmp_path)

    assert done.returncode == 1 and "A.lex: damaged lexicon file" in done.stderr


def test_replay_is_still_there(tmp_path):
    done = kiosk("replay", "--help", cwd=tmp_path)

    assert done.returncode == 0 and "--lexicon" in done.stdout
