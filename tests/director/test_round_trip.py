"""Every real file in ../shared/formats goes into a director's database and comes back out as it
went in: each .t file (and the archive's), each .TOU file, byte for byte and, read by this test's
own readers (not the director's), field by field: every name, rating, opponent, score and tag;
every round's result, score, who went first and opponent; the event's name and date."""
import datetime as dt
import re

import pytest

from director.event.db import DirectorDB
from director.files.exports import export_archive, export_t, export_tou
from director.files.imports import Upload, import_files
from common.presets import load_preset

RULES = load_preset("aspa")
T_FILES = ["naspa-2023-division-a.t", "naspa-2023-division-b.t"]
TOU_FILES = ["aupair-israeli-open-2020.tou", "woogles-export.TOU"]


def test_every_real_file_is_taken_here(shared):
    assert sorted(p.name for p in shared.tsh.glob("*.t")) == T_FILES
    assert sorted(p.name for p in shared.tsh.glob("*.tsh")) == ["woogles-export-archive.tsh"]
    assert sorted(p.name for p in shared.tou.iterdir()) == TOU_FILES


def t_fields(text: str) -> list[dict]:
    """A .t file as tsh reads it: per line the name (everything before the rating), the rating,
    the opponents, the scores after the first ';', and each '; tag values' group."""
    out = []
    for line in text.split("\n"):
        if not line.strip():
            continue
        groups = line.split(";")
        words = groups[0].split()
        numbers = 0
        while numbers < len(words) - 1 and words[-1 - numbers].isdigit():
            numbers += 1
        head = words[len(words) - numbers:]
        out.append({"name": " ".join(words[:len(words) - numbers]), "rating": head[0],
                    "opponents": head[1:], "scores": groups[1].split() if len(groups) > 1 else [],
                    "tags": {g.split()[0]: g.split()[1:] for g in groups[2:] if g.strip()}})
    return out


def tou_fields(text: str) -> dict:
    """A .TOU file as AUPAIR lays it out: the event line's date and name, and per division its
    players' names and 9-character blocks (result digit, score, '+', opponent)."""
    lines = text.split("\r\n")
    assert lines[-1] == "" and lines[-2] == "*** END OF FILE ***"
    event = {"events": [], "divisions": {}}
    current = None
    for line in lines[:-2]:
        if line.startswith("*M"):
            event["events"].append((dt.datetime.strptime(line[2:12], "%d.%m.%Y").date(), line[13:]))
        elif line.startswith("*"):
            current = event["divisions"].setdefault(line[1:], [])
        elif line.strip() != "0":
            blocks = [line[i:i + 9] for i in range(20, len(line), 9)]
            current.append((line[:20].rstrip(), [(b[1], int(b[2:5]), b[6] == "+", int(b[7:]))
                                                  for b in blocks]))
    return event


@pytest.fixture
def event(tmp_path):
    with DirectorDB.open(tmp_path / "event.sqlite") as db:
        yield db


@pytest.mark.parametrize("name", T_FILES)
def test_a_real_t_file_comes_back_exactly(shared, event, name):
    original = (shared.tsh / name).read_bytes()
    import_files(event, [Upload(name, original)])
    exported = export_t(event, RULES, "T")
    before, after = t_fields(original.decode("iso-8859-1")), t_fields(exported.decode("iso-8859-1"))
    assert len(after) == len(before) > 20
    for line_no, (b, a) in enumerate(zip(before, after), 1):
        for field in ("name", "rating", "opponents", "scores", "tags"):
            assert (line_no, field, a[field]) == (line_no, field, b[field])
    assert exported == original


def test_the_archive_and_its_t_files_come_back_exactly(shared, event):
    original = (shared.tsh / "woogles-export-archive.tsh").read_bytes()
    import_files(event, [Upload("woogles.tsh", original)])
    exported = export_archive(event, RULES, "T")
    files = lambda text: dict(re.findall(r"^#begin_file name=(\S+)\n(.*?)^#end_file", text, re.M | re.S))
    before, after = files(original.decode()), files(exported.decode())
    assert list(after) == list(before) == ["CSW.t", "NWL.t"]
    for name in before:
        assert t_fields(after[name]) == t_fields(before[name])
        assert export_t(event, RULES, "T", name[:-2]).decode() == before[name]
    assert exported == original


@pytest.mark.parametrize("name", TOU_FILES)
def test_a_real_tou_file_comes_back_exactly(shared, event, name):
    original = (shared.tou / name).read_bytes()
    messages = import_files(event, [Upload(name, original)])
    before = tou_fields(original.decode("ascii"))
    assert messages[-1] == f"{name}: event {before['events'][0][1]}, dated {before['events'][0][0]:%d.%m.%Y}"
    left_out: list[str] = []
    exported = export_tou(event, RULES, "T", dt.date(1999, 1, 1), left_out)
    after = tou_fields(exported.decode("ascii"))
    assert after["events"] == before["events"]                   # the file's date, not today
    assert list(after["divisions"]) == list(before["divisions"])
    for division, rows in before["divisions"].items():
        assert len(after["divisions"][division]) == len(rows)
        for (name_before, blocks_before), (name_after, blocks_after) in zip(rows, after["divisions"][division]):
            assert name_after == name_before
            for round_, (b, a) in enumerate(zip(blocks_before, blocks_after), 1):
                assert (name_before, round_, a) == (name_before, round_, b)
            assert len(blocks_after) == len(blocks_before)
    assert exported == original and left_out == []


def test_the_free_form_layout_reads_as_the_fixed_columns_do(shared, event, tmp_path):
    # the AUPAIR file with every run of spaces in its player lines made one space
    fixed = (shared.tou / "aupair-israeli-open-2020.tou").read_bytes().decode("ascii")
    lines = fixed.split("\r\n")
    free = "\r\n".join(" ".join(line.split()) if line and not line.startswith(("*", " ")) else line
                       for line in lines)
    assert free != fixed and "Charles Micallef 2478 +19 2477 5 2437 4" in free
    import_files(event, [Upload("free.tou", free.encode("ascii"))])
    assert export_tou(event, RULES, "T", dt.date(1999, 1, 1)).decode("ascii") == fixed
