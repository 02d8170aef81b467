"""Completion codes in the app (tutor.completion): the learner's progress goes from the browser to
the page's kernel only on the press, the code the page shows is signed with the server's key (in
a data folder of the test's own), and the results page counts it and names a foreign one."""

from __future__ import annotations

import json

import pytest

from tests.browser.conftest import start_voila, stop
from tests.browser.helpers import wait_for_voila
from tutor import completion, course

pytestmark = pytest.mark.browser

CH05 = "05-battle-range-dice-line-of-sight.ipynb"


@pytest.fixture(scope="module")
def keyed_app(tmp_path_factory):
    data = tmp_path_factory.mktemp("jupyter-data")
    proc, base, _ = start_voila(log_name="voila-completion.log", env={"JUPYTER_DATA_DIR": str(data)})
    yield base, data
    stop(proc)


def test_a_learner_gets_a_signed_code_and_the_teacher_counts_it(keyed_app, page, monkeypatch):
    base, data = keyed_app
    five = sorted(q.key for q in course.questions(CH05))
    record = {CH05: {"visited": True, "asked": len(five), "tried": five, "solved": five[:2], "shown": [five[1]]}}
    page.goto(base)
    wait_for_voila(page)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [course.STORAGE_KEY, json.dumps(record)])
    page.get_by_role("link", name="Get a completion code").click()
    wait_for_voila(page)
    button = page.get_by_role("button", name="Get my completion code")
    button.click()
    page.get_by_text("type your name first").wait_for()
    page.get_by_placeholder("Your name").fill("Anna Nováková")
    button.click()
    code = page.locator("pre.tutor-code").inner_text(timeout=30_000).strip()
    assert "1 chapter read, 1 question solved without the answer shown" in page.locator("body").inner_text()
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(data))
    assert completion.verify(code) == completion.Completion("Anna Nováková", (5,), 1)
    assert completion.server_key().hex() not in page.content()
    # the results page: the code counted, a foreign one named and not counted
    foreign = completion.sign(completion.Completion("Mallory", (1,), 9), bytes(32))
    page.goto(base + "voila/render/results.ipynb")
    wait_for_voila(page)
    page.get_by_placeholder("Paste the completion codes here, one a line.").fill(f"{code}\n{foreign}\n")
    page.get_by_role("button", name="Check the codes").click()
    page.get_by_text("1 learner code counted; 1 refused, not counted.").wait_for()
    assert page.get_by_text("signed by another server").inner_text() == (
        f"{foreign[:21]}…: signed by another server (a foreign code): not counted")
    rows = page.locator("table.tutor-results tr").all_inner_texts()
    assert len(rows) == 2 and "Anna Nováková" in rows[1] and "Mallory" not in page.locator("table").inner_text()
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the table (CSV)").click()
    csv = open(download.value.path(), encoding="utf-8").read()
    assert csv.splitlines() == ["name,chapters,questions,chapters read", "Anna Nováková,1,1,Memoir '44 5"]
