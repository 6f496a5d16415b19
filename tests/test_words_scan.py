"""Every command's Korean output, over every sample, worked example and error fixture, holds no
English sentence, no particle pair (``이(가)``) and no cut word (``…``); the English output holds
no Hangul but the players' names and what the file itself wrote (issue 28).

What may stay as it is written, and why:

- the players' names, the paths, the rules' names as a file writes them, the commands' names, the
  knobs' names and values (what ``--set`` takes), and a few words of no language (GSN, JSON, UTF-8);
- what the output quotes of the file: the line above a caret, a transcript's lines, and GSN
  itself (``fmt``, ``simulate``, the ``parse`` table's transcript column);
- a card code (``8g``) and a mark (``!ppeok``): a word that starts with a digit or follows ``!``
  is not read as English.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT, SAMPLES, SPEC_EXAMPLES

from gostop_arbiter.cli import cli
from gostop_arbiter.notation.reader import Reader
from gostop_arbiter.notation.transformer import KNOWN_TAGS
from gostop_arbiter.rules import KNOBS, PROFILES
from gostop_arbiter.rules.profile import valid_values

ERRORS = ROOT / "tests" / "errors"
WIDE = {"COLUMNS": "200", "NO_COLOR": "1"}

WORD = re.compile(r"(?<![A-Za-z0-9_!./-])[A-Za-z][A-Za-z'-]*[A-Za-z](?![A-Za-z0-9_./-])")
"""An English word: two letters or more, not part of a code, a path, a knob or a mark."""

HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]+")

PARTICLE_PAIRS = ("이(가)", "을(를)", "은(는)", "와(과)", "(으)로", "가(이)", "를(을)", "는(은)", "과(와)")

QUOTED = re.compile(r"^\s*\d+ \| |^\s*\| *\^$")
"""The line of the file shown above a caret, and the caret."""

NO_LANGUAGE = frozenset(
    {"GSN", "JSON", "UTF", "HTML", "JSONL", "ASCII", "QR", "won", "none", "true", "false", "gostop-arbiter"}
)
"""Words of no language that a Korean sentence may hold: names of formats, the program's name, and
the values a knob takes as ``--set`` writes them."""

TYPED = frozenset({"LANG", "LC_ALL", "LC_MESSAGES", "Ctrl-C", "SIGTERM", "head", "dask", "Schema", "FW"})
"""What a help text names as the reader types or meets it: the locale's variables, the keys and
the signal that stop a command, a command and a library named (``| head``, dask, JSON Schema), and
a rule's source by its abbreviation (FW)."""

GSN_WORDS = frozenset({"go", "deal", "stop", "pass", "pile", "table", "stock"})
"""GSN's own words, which a help text shows as they are written (``--ascii`` writes ``8g, go, deal``)."""


def _transcripts() -> list[Path]:
    return sorted([*SAMPLES.glob("*.gsn"), *SPEC_EXAMPLES.glob("*.gsn"), *ERRORS.glob("*.gsn")])


@cache
def _names(path: Path) -> frozenset[str]:
    """The players' names and the rules' names a file writes (also as the words they hold)."""
    found: set[str] = set()
    for result in Reader().hands(path.read_text(encoding="utf-8").splitlines()):
        hand = result.hand
        if hand is None:
            continue
        for name in [*hand.seats, hand.rules, *(tag.name for tag in hand.tags)]:
            found |= {name, *WORD.findall(name), *HANGUL.findall(name)}
    for line in path.read_text(encoding="utf-8").splitlines():  # the names of a file that does not parse
        match = re.match(r'\s*\[(?:Seats|자리)\s+"([^"]*)"', line)
        if match:
            found |= {w for name in match.group(1).split(",") for w in (name.strip(), *WORD.findall(name))}
    return frozenset(found)


@cache
def _codes() -> frozenset[str]:
    """The knobs' names and values and the profiles' names: codes, as ``--set`` and ``--rules`` take them."""
    found: set[str] = set(PROFILES) | set(cli.commands)  # type: ignore[attr-defined]
    for key, (_group, _field) in KNOBS.items():
        found |= {key, *key.split("_")}
    from gostop_arbiter.render.rules import knob_rows

    for group, field in KNOBS.values():
        values = valid_values(group, field)
        found |= set(WORD.findall(values if isinstance(values, str) else values.english()))
    found |= set(KNOWN_TAGS.values())  # a tag's name as GSN writes it
    for profile in PROFILES.values():
        for row in knob_rows(profile):
            found |= {*WORD.findall(str(row["value"])), *WORD.findall(str(row["rule"]))}
    return frozenset(found)


@cache
def _terms() -> frozenset[str]:
    """The Korean words the English templates write on purpose: the game's terms beside their
    English (``첫뻑: a ppeok on the first own turn``)."""
    import gostop_arbiter.engine.turn  # noqa: F401  (declares its sentences)
    from gostop_arbiter.messages import TEMPLATES, catalogue

    english = [key.split("\x04")[-1] for key in catalogue("ko")] + list(TEMPLATES.values())
    return frozenset(word for text in english for word in HANGUL.findall(text))


def _said_lines(text: str) -> Iterator[str]:
    """The lines a person reads as sentences: not the file's own lines shown above a caret, and
    not a table row that quotes the transcript (``│ 11 │ deal …``)."""
    for line in text.splitlines():
        if QUOTED.search(line) or re.match(r"^│\s*\d+\s*│|^\s+gostop-arbiter ", line):  # a help's examples too
            continue
        line = re.sub(r"\S*(/|\.gsn|\.html|\.jsonl)\S*", " ", line)  # paths
        line = re.sub(r"[\w.]+=[^\s,)]*", " ", line)  # knobs set as --set writes them
        line = re.sub(r"\[[^\]|]*(\|[^\]|]*)+\]", " ", line)  # an option's choices, as typed
        yield re.sub(r"'[^']*'|\"[^\"]*\"", " ", line)  # what the file wrote, quoted


def _english_words(text: str, allowed: frozenset[str]) -> set[str]:
    found = set()
    for line in _said_lines(text):
        for word in WORD.findall(line):
            if word in allowed or word in NO_LANGUAGE or word in TYPED or word in GSN_WORDS or word in _codes():
                continue
            found.add(word)
    return found


def _runs(path: Path) -> Iterator[tuple[str, list[str]]]:
    """Each command run over one file: a name for the run, and its arguments."""
    file = str(path)
    yield "check", ["check", file]
    yield "check --settle", ["check", "--settle", file]
    yield "check --json", ["check", "--json", file]
    yield "parse", ["parse", file]
    yield "fmt --check", ["fmt", "--check", file]
    yield "replay", ["replay", file, "--hand", "1", "--turn", "1"]


def _invoke(args: list[str], lang: str) -> tuple[str, str]:
    result = CliRunner().invoke(cli, [*args, "--lang", lang], env=WIDE, prog_name="gostop-arbiter")
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
    return result.stdout, result.stderr


def _said_by(run: str, stdout: str, stderr: str) -> str:
    """What of a run is sentences: a JSON document and GSN keep their own words (GSN §8)."""
    return stderr if run in ("check --json",) else stdout + "\n" + stderr


CASES = [pytest.param(path, id=f"{path.parent.name}/{path.name}") for path in _transcripts()]


@pytest.mark.parametrize("path", CASES)
def test_korean_output_holds_no_english_and_no_particle_pair(path: Path) -> None:
    allowed = _names(path)
    for run, args in _runs(path):
        stdout, stderr = _invoke(args, "ko")
        text = _said_by(run, stdout, stderr)
        assert not _english_words(text, allowed), (run, sorted(_english_words(text, allowed)), text)
        assert not [pair for pair in PARTICLE_PAIRS if pair in text], (run, text)
        assert "…" not in "\n".join(_said_lines(text)), (run, text)


@pytest.mark.parametrize("path", CASES)
def test_english_output_holds_no_hangul_but_what_the_file_wrote(path: Path) -> None:
    written = set(HANGUL.findall(path.read_text(encoding="utf-8")))
    for run, args in _runs(path):
        stdout, stderr = _invoke(args, "en")
        text = "\n".join(_said_lines(_said_by(run, stdout, stderr)))
        stray = {
            word
            for word in HANGUL.findall(text)
            if word not in _terms() and not any(word in w or w in word for w in written)
        }
        assert not stray, (run, sorted(stray), text)


def _whole_commands() -> Iterator[tuple[str, list[str]]]:
    """The commands that read no one file: the rules, an audit, a simulation, every help."""
    for name in PROFILES:
        yield f"rules {name}", ["rules", name]
    yield "rules", ["rules"]
    yield "audit", ["audit", "--quiet", str(SAMPLES), str(ERRORS)]
    yield "simulate", ["simulate", "--hands", "2", "--seed", "3"]
    for command in [None, *cli.commands]:  # type: ignore[attr-defined]
        yield f"{command or ''} --help", [*([command] if command else []), "--help"]


@pytest.mark.parametrize(("run", "args"), list(_whole_commands()))
def test_every_other_command_speaks_korean(run: str, args: list[str]) -> None:
    stdout, stderr = _invoke(args, "ko")
    text = stderr if run == "simulate" else stdout + "\n" + stderr  # simulate writes GSN
    found = _english_words(text, frozenset())
    assert not found, (run, sorted(found), text)
    assert not [pair for pair in PARTICLE_PAIRS if pair in text], (run, text)
