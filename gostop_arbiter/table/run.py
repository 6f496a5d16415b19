"""``gostop-arbiter table``: open the evening, print the links, serve until stopped."""

from __future__ import annotations

import os
from pathlib import Path

import click

from ..exitcodes import Exit
from ..notation import GsnSyntaxError
from ..outputs import reason_of
from ..rules import RulesError
from .app import create_app
from .recorder import Recorder, RecorderError, create_private
from .serve import bound_socket, qr_text, serve, site_of, tokens_for


def _say(text: str) -> None:
    click.echo(text, err=True)


def open_evening(path: Path, rules: str | None, sets: dict[str, str]) -> Recorder | int:
    """The evening of ``path``, or the exit status after saying why it cannot be opened."""
    if path.exists() and not path.is_file():
        _say(f"Error: {path} is not a file")
        return Exit.UNREADABLE
    if not path.parent.is_dir():
        _say(f"Error: cannot write {path}: the folder {path.parent} does not exist")
        return Exit.OUTPUT
    try:
        evening = Recorder(path, rules=rules, sets=sets)
    except GsnSyntaxError as error:
        for issue in error.issues:
            _say(issue.render(str(path)))
        _say(f"{path}: only valid GSN can be resumed: correct it (gostop-arbiter check {path}), then start again")
        return Exit.UNREADABLE
    except (RulesError, RecorderError) as error:
        _say(f"Error: {error}")
        return Exit.UNREADABLE
    except UnicodeDecodeError as error:
        _say(f"{path}: error: the file is not UTF-8 text (byte {error.start + 1})")
        return Exit.UNREADABLE
    except OSError as error:
        _say(f"Error: cannot read {path}: {reason_of(error)}")
        return Exit.UNREADABLE
    try:
        os.close(create_private(path))  # said now, not at the first statement: the file must take what is recorded
    except OSError as error:
        _say(f"Error: cannot write {path}: {reason_of(error)}")
        return Exit.OUTPUT
    return evening


def run_table(
    evening_name: str, rules: str | None, sets: dict[str, str], *, host: str, port: int, new_links: bool
) -> int:
    path = Path(evening_name)
    opened = open_evening(path, rules, sets)
    if isinstance(opened, int):
        return opened
    try:
        tokens = tokens_for(path, fresh=new_links)
    except OSError as error:
        _say(f"Error: cannot keep the links beside {path}: {reason_of(error)}")
        return Exit.OUTPUT
    try:
        sock = bound_socket(host, port)
    except OSError as error:
        _say(f"Error: cannot listen on {host}:{port}: {reason_of(error)}")
        return Exit.UNREADABLE
    site = site_of(host, sock.getsockname()[1])
    hands = len(opened.finished) + (1 if opened.hand is not None else 0)
    where = f"resumed: {hands} hand(s), {len(opened.statements)} statement(s) in the last" if hands else "a new evening"
    _say(f"{path}: {where}")
    for title, token in (
        ("기록하는 사람 · scorekeeper (may record):", tokens.scorekeeper),
        ("보는 사람 · watchers (read only):", tokens.watcher),
    ):
        _say("")
        _say(title)
        _say(qr_text(site.link(token)))
        _say(f"  {site.link(token)}")
    _say("")
    _say("Ctrl-C stops the server; every statement is already in the file.")
    serve(create_app(opened, tokens, site), sock)
    return Exit.OK
