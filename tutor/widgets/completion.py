"""The learner's completion code and the teacher's results, as widgets (``tutor.completion``).

:func:`code_box`: the learner types a name and presses the button; the page script
(``tutor/static/course.js``) puts the progress from the browser into the box's hidden carrier
just before the press reaches the kernel, and the kernel answers with the signed code.

:func:`results_box`: the teacher pastes codes (or opens a file of them) and gets the table, with
each refused code named in one line, and the table as a CSV file to download.
"""

from __future__ import annotations

import base64
import html

import ipywidgets as W
from IPython.display import HTML, display

from tutor import completion
from tutor.errors import InputError

TABLE_STYLE = ("<style>.tutor-results{border-collapse:collapse;margin:.5em 0}.tutor-results th,.tutor-results td"
               "{text-align:left !important;padding:3px 12px 3px 0 !important;border-bottom:1px solid #ddd}</style>")


def _line(text: str, ok: bool) -> str:
    colour = "#1b6e1b" if ok else "#a32020"
    return f'<div role="status" style="color:{colour};margin:.4em 0">{html.escape(text)}</div>'


def said(n: int, word: str, verb: str) -> str:
    """"3 chapters read", "1 question solved", "no chapter read yet"."""
    if n == 0:
        return f"no {word} {verb} yet"
    return f"{n} {word}{'s' if n != 1 else ''} {verb}"


def code_box(key: bytes | None = None):
    """A name box, a button and the code it earns. ``key``: a key of the tests' own (default: the
    server's, :func:`tutor.completion.server_key`)."""
    from tutor.course import page_script
    name = W.Text(placeholder="Your name", description="Name", layout=W.Layout(width="22em"))
    button = W.Button(description="Get my completion code", button_style="primary",
                      layout=W.Layout(width="auto"))
    button.add_class("tutor-code-button")
    carrier = W.Textarea(layout=W.Layout(display="none"))
    carrier.add_class("tutor-progress-carrier")
    out = W.HTML()

    def press(_):
        try:
            done = completion.progress_from_page(carrier.value, name.value)
            code = completion.sign(done, key)
        except InputError as exc:
            out.value = _line(str(exc)[:200], False)
            return
        finally:
            carrier.value = ""
        out.value = (
            f"<p>{html.escape(done.name)}: {said(len(done.chapters), 'chapter', 'read')}, "
            f"{said(done.solved, 'question', 'solved')} without the answer shown.</p>"
            f'<p>Your completion code (copy it for your teacher):</p><pre class="tutor-code" '
            f'style="font-size:15px;white-space:pre-wrap;word-break:break-all;user-select:all;'
            f'background:#f6f8fa;padding:.5em">{html.escape(code)}</pre>')
    button.on_click(press)
    box = W.VBox([W.HBox([name, button]), carrier, out])
    box.add_class("tutor-completion")
    box.name, box.button, box.carrier, box.out = name, button, carrier, out
    display(HTML(page_script()))
    return box


def results_box(key: bytes | None = None):
    """A box to paste the class's codes into, the table they make, and the CSV download."""
    import pandas as pd
    codes = W.Textarea(placeholder="Paste the completion codes here, one a line.",
                       layout=W.Layout(width="calc(100% - 8px)", height="12em"))
    upload = W.FileUpload(accept=".txt,.csv", multiple=False, description="Open a file of codes",
                          layout=W.Layout(width="auto"))
    button = W.Button(description="Check the codes", button_style="primary", layout=W.Layout(width="auto"))
    out = W.HTML()

    def check(_=None):
        text = codes.value
        try:
            table, refused = completion.results(text, key)
        except InputError as exc:
            out.value = _line(str(exc), False)
            return
        box.table = table
        lines = "".join(_line(r.said(), False) for r in refused)
        n = len(table)
        said = _line(f"{n} learner code{'s' if n != 1 else ''} counted" +
                     (f"; {len(refused)} refused, not counted." if refused else "."), bool(n))
        csv = base64.b64encode(table.to_csv(index=False).encode("utf-8")).decode("ascii")
        link = (f'<a download="results.csv" href="data:text/csv;charset=utf-8;base64,{csv}" '
                'style="text-decoration:underline">Download the table (CSV)</a>') if n else ""
        shown = (TABLE_STYLE + table.to_html(index=False, escape=True, border=0, classes="tutor-results")
                 if n else "")
        out.value = said + lines + shown + link

    def opened(change):
        files = change["new"]
        if not files:
            return
        data = bytes(files[0]["content"])
        if len(data) > completion.FILE_MAX or b"\0" in data:
            out.value = _line(f"{files[0]['name']}: not a text file of completion codes", False)
            return
        try:
            codes.value = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            out.value = _line(f"{files[0]['name']}: not a text file of completion codes (not UTF-8)", False)
            return
        check()
    button.on_click(check)
    upload.observe(opened, names="value")
    box = W.VBox([codes, W.HBox([button, upload]), out])
    box.codes, box.button, box.out, box.check = codes, button, out, check
    box.table = pd.DataFrame(columns=["name", "chapters", "questions", "chapters read"])
    return box
