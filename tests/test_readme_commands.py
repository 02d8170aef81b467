"""Every command line the README shows works as written.

The README's ``bash`` blocks and its inline ``tutor …`` commands are read from the file itself:
each complete command runs (in a scratch folder that sees the repository's scenarios, so nothing
in the repository is written) and must exit with status 0; each command template of the table
(``tutor los FILE FROM [TO]``) must have a runnable example. Commands that write a file must say
where. What every command prints (and every sub-command's ``--help``) is learner language: no
seed file, line number, module path, internal id or the word "seed" (the patterns of the page scan,
``tests/browser/learner_text.py``), only the file names and keys the person typed or wrote in their
own file, and the course's one spelling, American, outside “quoted” rulebook words.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest
from browser.learner_text import british_spellings, internal_words

from tutor.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[1]
# The one file a teacher running the server edits, named by `tutor app --help` as the README does.
SETTINGS = "voila.json"
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _bash_commands() -> list[str]:
    out = []
    for block in re.findall(r"```bash\n(.*?)```", README, re.DOTALL):
        for line in block.splitlines():
            line = line.split("  #", 1)[0].strip()
            if line.startswith("tutor "):
                out.append(line)
    return out


def _inline() -> list[str]:
    return [c.replace("\\|", "|") for c in re.findall(r"`(tutor [^`]*)`", README)]


def _is_template(cmd: str) -> bool:
    words = cmd.split()[1:]
    return any(re.search(r"[A-Z]{2,}|…|\[|\|", w) for w in words) or " / " in cmd


RUNNABLE = list(dict.fromkeys(_bash_commands() + [c for c in _inline() if not _is_template(c)]))
TEMPLATES = [c for c in dict.fromkeys(_inline()) if _is_template(c)]


def _prefixes(template: str) -> list[list[str]]:
    """The command words a template names: "tutor undaunted casualty / hit" → two prefixes."""
    words = []
    for w in template.split()[1:]:
        if re.search(r"[A-Z]{2,}|…|\[|\||^-", w) or w == "/":
            break
        words.append(w)
    subs = [w.strip() for w in template.split(" / ")[1:]]
    out = [words]
    for s in subs:
        out.append(words[:-1] + [s.split()[0]])
    return out


@pytest.fixture
def scratch(tmp_path, monkeypatch):
    for name in ("scenarios", "tests"):
        (tmp_path / name).symlink_to(ROOT / name)
    (tmp_path / "docs").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_readme_shows_commands():
    assert len(RUNNABLE) >= 20 and len(TEMPLATES) >= 10
    assert "tutor play" in RUNNABLE                    # the bundled battle when no scenario is given


@pytest.mark.parametrize("cmd", RUNNABLE)
def test_readme_command_runs(cmd, scratch, capsys):
    words = shlex.split(cmd)[1:]
    if words[:1] == ["app"]:                           # serves until stopped: its --help must work
        words = ["app", "--help"]
    if "replay" in words:                              # the README saves a game first
        assert main(["play", "--seed", "1", "--save", words[-1]]) == 0
    try:
        status = main(words)
    except SystemExit as exc:                          # --help
        status = exc.code
    out, err = capsys.readouterr()
    assert status == 0, err
    assert "Traceback" not in err
    for flag in ("-o", "--save"):
        if flag in words:
            target = words[words.index(flag) + 1]
            assert (scratch / target).is_file()
            assert f"wrote {target}" in err, err     # a command that writes a file says where
    if words == ["--help"]:
        assert "``" not in out and "tutor" in out
    assert_learner_language(out + err, words)


def _echoed(words: list[str]) -> frozenset[str]:
    """What the person handed the command: its words, and the words of the files it names."""
    echo = set(words) | {part for w in words for part in w.split("/")}
    for w in words:
        if os.path.isfile(w) and os.path.getsize(w) < 1_000_000:
            echo |= set(re.findall(r"[\w.-]+", Path(w).read_text(encoding="utf-8", errors="replace")))
    return frozenset(echo | {SETTINGS})


def assert_learner_language(text: str, words: list[str], vocabulary=()) -> None:
    text = re.sub(r"https?://\S+", "", text)         # an address to open, not a file
    found = internal_words(text, allowed=_echoed(words) | frozenset(vocabulary))
    assert found == [], f"tutor {' '.join(words)} prints internal words:\n" + "\n".join(found)
    british = british_spellings(text)
    assert british == [], f"tutor {' '.join(words)}: British spellings:\n" + "\n".join(british)


def _commands(parser, prefix=()) -> list[tuple[str, ...]]:
    """Every command and sub-command of the parser ("undaunted", "undaunted cards", …)."""
    out = []
    for action in parser._subparsers._group_actions if parser._subparsers else ():
        for name, sub in action.choices.items():
            out.append(prefix + (name,))
            out += _commands(sub, prefix + (name,))
    return out


def _vocabulary(parser, command: tuple[str, ...]) -> list[str]:
    """The command's own words, which its --help may name: its options and their placeholders
    (``--seed SEED``, ``-o OUT.svg``), choices and default values (a URL)."""
    for name in command:
        parser = next(a.choices[name] for a in parser._subparsers._group_actions)
    out = []
    for a in parser._actions:
        out += [o.lstrip("-") for o in a.option_strings] + [str(a.metavar or ""), a.dest.upper()]
        out += [str(c) for c in (a.choices or ()) if isinstance(c, str)]
        if " | " in (a.help or ""):                   # the values an option takes, as its help lists them
            out += [v.strip() for v in a.help.split("|")]
    return out


@pytest.mark.parametrize("command", [" ".join(c) for c in _commands(build_parser())])
def test_every_help_is_learner_language(command, capsys):
    words = command.split() + ["--help"]
    with pytest.raises(SystemExit) as exc:
        main(words)
    assert exc.value.code == 0
    out, err = capsys.readouterr()
    assert out.strip()
    assert_learner_language(out + err, words, _vocabulary(build_parser(), tuple(command.split())))


@pytest.mark.parametrize("template", TEMPLATES)
def test_every_template_has_a_runnable_example(template):
    runnable = [shlex.split(c)[1:] for c in RUNNABLE]
    for prefix in _prefixes(template):
        assert any(r[:len(prefix)] == prefix for r in runnable), (template, prefix)


def test_errors_say_tutor_once_and_suggest_the_right_form(capsys):
    assert main(["odds", "3", "infantry"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("tutor: ") and "tutor: tutor" not in err
    assert "did you mean: tutor odds --dice 3 --vs infantry" in err
    assert main(["retreat", "scenarios/showcase.yaml", "8,6", "2"]) == 2
    assert "did you mean: tutor retreat scenarios/showcase.yaml 8,6 --flags 2" in capsys.readouterr().err
    assert main(["render", "scenarios/showcase.yaml", "x.svg"]) == 2
    assert "did you mean: tutor render scenarios/showcase.yaml -o x.svg" in capsys.readouterr().err
    assert not os.path.exists("x.svg")
