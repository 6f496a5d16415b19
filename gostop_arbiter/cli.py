"""The ``gostop-arbiter`` command. It reads files, calls the layers below and prints; no rules here."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import click

from . import __version__
from .exitcodes import Exit
from .notation import GsnSyntaxError, Hand, SyntaxIssue, normalise_lines, read_hands, write_transcript
from .notation.model import Transcript
from .notation.reader import decode

SCHEMA_VERSION = 1
STDIN = "-"


@dataclass
class SourceFile:
    """One file named on the command line, as read: its text, its hands, its errors."""

    path: str
    text: str = ""
    hands: list[Hand] = field(default_factory=list)
    errors: list[SyntaxIssue] = field(default_factory=list)
    unreadable: str | None = None
    """Why the file could not be opened at all (it has no line to point at)."""

    @property
    def ok(self) -> bool:
        return not self.errors and self.unreadable is None

    def error_json(self) -> list[dict[str, object]]:
        if self.unreadable is not None:
            return [{"code": "unreadable", "line": None, "column": None, "message": self.unreadable}]
        return [issue.to_json() for issue in self.errors]


def _read_bytes(path: str) -> bytes:
    if path == STDIN:
        return sys.stdin.buffer.read()
    with open(path, "rb") as handle:
        return handle.read()


def load(path: str) -> SourceFile:
    """Read and parse one file; never raises for anything the file or the disk may hold."""
    source = SourceFile(path)
    try:
        source.text = decode(_read_bytes(path))
    except OSError as error:
        source.unreadable = f"cannot read {path}: {error.strerror or error}"
        return source
    except GsnSyntaxError as error:
        source.errors = error.issues
        return source
    for result in read_hands(normalise_lines(source.text)):
        source.errors.extend(result.errors)
        if result.hand is not None:
            source.hands.append(result.hand)
    return source


def _report_errors(source: SourceFile) -> None:
    if source.unreadable is not None:
        click.echo(f"{source.path}: error: {source.unreadable}", err=True)
    for issue in source.errors:
        click.echo(issue.render(source.path), err=True)


def _report_warnings(source: SourceFile) -> None:
    for hand in source.hands:
        for notice in hand.warnings:
            click.echo(f"{source.path}:{notice.line}:{notice.column}: warning: {notice.message}", err=True)


def _sources(files: tuple[str, ...]) -> Iterator[SourceFile]:
    for path in files:
        yield load(path)


def _print_json(document: dict[str, Any]) -> None:
    click.echo(json.dumps(document, ensure_ascii=False, indent=2))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="gostop-arbiter")
def cli() -> None:
    """Settle Go-Stop, Matgo and Minhwatu hands written in GSN: replay, check, and say who pays whom."""


@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print the transcript model as JSON.")
def parse(files: tuple[str, ...], as_json: bool) -> None:
    """Read FILES (- for standard input) and print what they say, hand by hand."""
    from .render.transcript import print_transcript

    status = Exit.OK
    documents: list[dict[str, Any]] = []
    for source in _sources(files):
        if not source.ok:
            status = Exit.UNREADABLE
        if as_json:
            entry: dict[str, Any] = {"path": source.path}
            entry["hands"] = [hand.model_dump(mode="json") for hand in source.hands]
            if not source.ok:
                entry["errors"] = source.error_json()
            documents.append(entry)
        else:
            _report_errors(source)
            _report_warnings(source)
            if source.ok:
                print_transcript(source.path, source.hands)
    if as_json:
        _print_json({"schema_version": SCHEMA_VERSION, "files": documents})
    sys.exit(status)


@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--check", is_flag=True, help="Change nothing; list the files that are not canonical and exit 1.")
def fmt(files: tuple[str, ...], check: bool) -> None:
    """Rewrite FILES in canonical GSN (- writes standard input's canonical form to standard output).

    Comments are kept; a file with a syntax error is left as it is.
    """
    status = Exit.OK
    for source in _sources(files):
        if not source.ok:
            _report_errors(source)
            status = Exit.UNREADABLE
            continue
        canonical = write_transcript(Transcript(hands=source.hands))
        if source.path == STDIN and not check:
            click.echo(canonical, nl=False)
        elif canonical != source.text:
            if check:
                click.echo(f"not canonical: {source.path}")
                status = max(status, Exit.INVALID)
            else:
                with open(source.path, "w", encoding="utf-8", newline="\n") as handle:
                    handle.write(canonical)
                click.echo(f"reformatted {source.path}", err=True)
    sys.exit(status)


def main() -> None:
    """Entry point of the console script: usage errors exit 2, as GSN §8 says."""
    try:
        cli.main(prog_name="gostop-arbiter", standalone_mode=True)
    except KeyboardInterrupt:
        sys.exit(130)
