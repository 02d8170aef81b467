"""Completion codes (tutor.completion): a learner's progress from the page, signed with the
server's key; a teacher's table of a class's codes; `tutor results FILE`."""

from __future__ import annotations

import json
import os
import re
import stat

import pytest

from tutor import completion, course
from tutor.cli import main
from tutor.completion import CodeError, Completion, progress_from_page, read_codes, server_key, sign, verify
from tutor.errors import InputError

KEY = bytes(range(32))
OTHER = bytes(range(1, 33))
CH05 = "05-battle-range-dice-line-of-sight.ipynb"
CH22 = "22-undaunted-the-round.ipynb"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """A Jupyter data folder of the test's own: the user's real key is never read or made."""
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def keys(notebook):
    return sorted(q.key for q in course.questions(notebook))


def test_a_code_carries_the_name_chapters_and_questions_and_reads_back():
    done = Completion("  Anna   Nováková ", (22, 5, 1), 17)
    code = sign(done, KEY)
    assert code.startswith("TUTOR-") and len(code) < 80
    back = verify(code, KEY)
    assert back == Completion("Anna Nováková", (1, 5, 22), 17)
    assert verify(code.lower().replace("-", " "), KEY) == back          # as a person may retype it
    assert sign(done, KEY) == code                                      # the same progress, the same code


def test_an_edited_a_forged_and_a_foreign_code_are_refused_each_with_its_reason():
    code = sign(Completion("Ben", (1, 2), 3), KEY)
    letters = code[len("TUTOR-"):]
    for at in (1, 8, 15, len(letters) - 2):                             # a letter changed anywhere
        i = len("TUTOR-") + at
        if code[i] == "-":
            continue
        edited = code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1:]
        with pytest.raises(CodeError, match="edited or invented|another server|not a completion code"):
            verify(edited, KEY)
    # more chapters claimed: the body re-encoded with the old signature
    import base64
    raw = bytearray(base64.b32decode(letters.replace("-", "") + "=" * (-len(letters.replace("-", "")) % 8)))
    raw[6] |= 0xF0
    forged = "TUTOR-" + base64.b32encode(bytes(raw)).decode().rstrip("=")
    with pytest.raises(CodeError, match="edited or invented"):
        verify(forged, KEY)
    with pytest.raises(CodeError, match="another server"):
        verify(sign(Completion("Ben", (1, 2), 3), OTHER), KEY)
    for junk in ("", "hello", "TUTOR-", "TUTOR-0189!", "TUTOR-" + "A" * 300, "TUTOR-AAAA"):
        with pytest.raises(CodeError, match="not a completion code"):
            verify(junk, KEY)


def test_the_key_is_made_once_private_to_its_owner_and_kept(data_dir):
    path = completion.key_path()
    assert path.parent.parent == data_dir and not path.exists()
    key = server_key()
    assert len(key) == 32 and path.is_file()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert server_key() == key                                           # kept, not made again
    code = sign(Completion("Cleo", (3,), 1))
    assert verify(code) == Completion("Cleo", (3,), 1)
    os.chmod(path, 0o644)                                                # others could read it
    assert server_key() == key and stat.S_IMODE(path.stat().st_mode) == 0o600
    path.write_text("not a key\n")
    with pytest.raises(InputError, match="not a completion key"):
        server_key()


def test_the_key_never_reaches_a_page():
    from tutor.widgets.completion import code_box, results_box
    key = server_key()
    for box in (code_box(), results_box()):
        state = json.dumps([w.get_state() for w in [box, *box.children] if hasattr(w, "get_state")], default=str)
        assert key.hex() not in state and repr(key) not in state


def test_progress_from_the_page_counts_chapters_read_and_questions_solved_unshown():
    five, twentytwo = keys(CH05), keys(CH22)
    record = {
        CH05: {"visited": True, "tried": five, "solved": five[:2] + ["05.not-a-question"], "shown": [five[1]]},
        CH22: {"visited": True, "tried": twentytwo[:1], "solved": twentytwo[:1]},    # started, not read
        "../../etc/passwd": {"visited": True, "tried": ["x"], "solved": ["x"]},
        "04-movement.ipynb": "opened",
    }
    done = progress_from_page(json.dumps(record), "Dana")
    assert done.chapters == (5,)                              # every question of chapter 5 tried
    assert done.solved == 1 + 1                               # five[0] (five[1] was shown), twentytwo[0]
    unvisited = {CH05: {"tried": five, "solved": five}}
    assert progress_from_page(json.dumps(unvisited), "Dana").chapters == ()


def test_what_the_page_sends_is_limited():
    with pytest.raises(InputError, match="too large"):
        progress_from_page("{" + " " * completion.PROGRESS_MAX + "}", "Eve")
    for bad in ("not json", "[1, 2]", "7"):
        with pytest.raises(InputError, match="not readable"):
            progress_from_page(bad, "Eve")
    for name, why in (("", "type your name"), ("   ", "type your name"), ("x" * 41, "at most 40"),
                      ("Eve\u0000", "letters, digits"), ("Eve\u202e", "letters, digits"), (None, "text")):
        with pytest.raises(InputError, match=why):
            progress_from_page("{}", name)
    with pytest.raises(InputError, match="out of range"):
        Completion("Eve", (32,), 0)
    with pytest.raises(InputError, match="out of range"):
        Completion("Eve", (1,), 70_000)
    assert progress_from_page("{}", "Eve") == Completion("Eve", (), 0)


def test_a_class_table_counts_only_good_codes_once():
    good = [sign(Completion("Anna", (1, 2, 3), 9), KEY), sign(Completion("Ben", (21,), 2), KEY)]
    text = "\n".join([good[0], "", "# the second period", good[1] + "   # Ben", "TUTOR-XXXXX",
                      sign(Completion("Mallory", (1,), 1), OTHER), good[0]])
    table, refused = read_codes(text, KEY)
    assert table.to_dict("records") == [
        {"name": "Anna", "chapters": 3, "questions": 9,
         "chapters read": "Memoir '44 1, Memoir '44 2, Memoir '44 3"},
        {"name": "Ben", "chapters": 1, "questions": 2, "chapters read": "Undaunted: Normandy 1"}]
    assert [(r.line, r.why.split(" (")[0].split(":")[0]) for r in refused] == [
        (5, "not a completion code"), (6, "signed by another server"), (7, "the same code again, counted once")]
    assert all("\n" not in str(r) and str(r).startswith(f"line {r.line}: ") for r in refused)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_tutor_results_prints_the_table_writes_csv_and_names_each_refused_code(tmp_path, capsys):
    codes = tmp_path / "codes.txt"
    codes.write_text(sign(Completion("Anna", (1, 2), 4)) + "\n" + sign(Completion("Ben", (5,), 1), OTHER) + "\n")
    out_csv = tmp_path / "results.csv"
    status, out, err = run(capsys, "results", str(codes), "-o", str(out_csv))
    assert status == 0
    assert "Anna" in out and "Ben" not in out
    assert err.strip() == "tutor: results: line 2: " + err.split("line 2: ", 1)[1].strip()
    assert "another server" in err and len(err.strip().splitlines()) == 1
    import pandas as pd
    assert pd.read_csv(out_csv).to_dict("records") == [
        {"name": "Anna", "chapters": 2, "questions": 4, "chapters read": "Memoir '44 1, Memoir '44 2"}]
    status, out, _ = run(capsys, "results", str(codes), "--json")
    assert status == 0 and json.loads(out)[0]["name"] == "Anna"


@pytest.mark.parametrize("content, why", [
    (None, "no such file"), (b"", "no completion codes"), (b"\n# only a comment\n", "no completion codes"),
    (b"\x00\x01\x02", "not a text file"), (b"\xff\xfe\xfa codes", "not UTF-8"), ("folder", "a folder")])
def test_tutor_results_on_a_bad_file_is_one_line_and_status_2(tmp_path, capsys, content, why):
    path = tmp_path / "codes.txt"
    if content == "folder":
        path.mkdir()
    elif content is not None:
        path.write_bytes(content)
    status, out, err = run(capsys, "results", str(path))
    assert status == 2 and out == "" and why in err and len(err.strip().splitlines()) == 1
    assert err.startswith("tutor: ")


def test_tutor_results_refuses_a_file_too_large(tmp_path, capsys):
    path = tmp_path / "codes.txt"
    path.write_bytes(b"TUTOR-AAAAA\n" * (completion.FILE_MAX // 10))
    status, _, err = run(capsys, "results", str(path))
    assert status == 2 and "at most" in err and len(err.strip().splitlines()) == 1


def test_the_code_box_signs_what_the_page_sent_and_says_it_as_a_person_would():
    from tutor.widgets.completion import code_box
    box = code_box(KEY)
    box.carrier.value = json.dumps({CH05: {"visited": True, "tried": keys(CH05), "solved": keys(CH05)[:1]}})
    box.button.click()
    assert "type your name first" in box.out.value and box.carrier.value == ""     # used once, then emptied
    box.name.value = "Fatima"
    box.carrier.value = json.dumps({CH05: {"visited": True, "tried": keys(CH05), "solved": keys(CH05)[:1]}})
    box.button.click()
    code = re.search(r'<pre class="tutor-code"[^>]*>([^<]*)</pre>', box.out.value)[1]
    assert verify(code, KEY) == Completion("Fatima", (5,), 1)
    assert "Fatima: 1 chapter read, 1 question solved without the answer shown." in box.out.value
    box.carrier.value = "{}"
    box.button.click()
    assert "no chapter read yet, no question solved yet" in box.out.value and " 0 " not in box.out.value


def test_one_key_for_several_servers_where_the_setting_names_it(tmp_path, monkeypatch):
    shared = tmp_path / "class" / "key"
    monkeypatch.setenv("TUTOR_COMPLETION_KEY", str(shared))
    code = sign(Completion("Gus", (1,), 1))
    assert shared.is_file() and stat.S_IMODE(shared.stat().st_mode) == 0o600
    assert verify(code, bytes.fromhex(shared.read_text().strip())) == Completion("Gus", (1,), 1)
    os.chmod(shared, 0o640)                        # the hub's servers read it through their group
    assert server_key() == bytes.fromhex(shared.read_text().strip())
    assert stat.S_IMODE(shared.stat().st_mode) == 0o640
