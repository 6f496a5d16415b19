"""``gostop-arbiter table``: open the evening, print the links, serve until stopped."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import click

from ..exitcodes import Exit
from ..messages import Lang, say_message
from ..notation import GsnSyntaxError
from ..outputs import reason_of
from ..rules import RulesError
from .app import create_app
from .recorder import Recorder, RecorderError, create_private
from .said import tell
from .serve import bound_socket, qr_text, serve, site_of, tokens_for


def _echo(text: str) -> None:
    click.echo(text, err=True)


def _sayer(lang: Lang) -> Callable[..., None]:
    """What the command says, in ``lang``: a sentence of the catalogue (context ``table``), its
    fields filled (each word taking its particle)."""

    def say(template: str, **params: object) -> None:
        _echo(tell(template, lang, **params))

    return say


def open_evening(path: Path, rules: str | None, sets: dict[str, str], lang: Lang = "en") -> Recorder | int:
    """The evening of ``path``, or the exit status after saying why it cannot be opened."""
    say = _sayer(lang)
    if path.exists() and not path.is_file():
        say("Error: {path} is not a file", path=path)
        return Exit.UNREADABLE
    if not path.parent.is_dir():
        say("Error: cannot write {path}: the folder {folder} does not exist", path=path, folder=path.parent)
        return Exit.OUTPUT
    try:
        evening = Recorder(path, rules=rules, sets=sets)
    except GsnSyntaxError as error:
        for issue in error.issues:
            _echo(issue.render(str(path), lang))
        say(
            "{path}: only valid GSN can be resumed: correct it (gostop-arbiter check {path}), then start again",
            path=path,
        )
        return Exit.UNREADABLE
    except RecorderError as error:
        say("Error: {why}", why=error.said(lang))
        return Exit.UNREADABLE
    except RulesError as error:
        say("Error: {why}", why=say_message(error.said, lang))
        return Exit.UNREADABLE
    except UnicodeDecodeError as error:
        say("{path}: error: the file is not UTF-8 text (byte {byte})", path=path, byte=error.start + 1)
        return Exit.UNREADABLE
    except OSError as error:
        say("Error: cannot read {path}: {reason}", path=path, reason=reason_of(error))
        return Exit.UNREADABLE
    try:
        os.close(create_private(path))  # said now, not at the first statement: the file must take what is recorded
    except OSError as error:
        say("Error: cannot write {path}: {reason}", path=path, reason=reason_of(error))
        return Exit.OUTPUT
    return evening


def run_table(
    evening_name: str,
    rules: str | None,
    sets: dict[str, str],
    *,
    host: str,
    port: int,
    new_links: bool,
    lang: Lang = "en",
) -> int:
    say = _sayer(lang)
    path = Path(evening_name)
    opened = open_evening(path, rules, sets, lang)
    if isinstance(opened, int):
        return opened
    try:
        tokens = tokens_for(path, fresh=new_links)
    except OSError as error:
        say("Error: cannot keep the links beside {path}: {reason}", path=path, reason=reason_of(error))
        return Exit.OUTPUT
    try:
        sock = bound_socket(host, port)
    except OSError as error:
        say("Error: cannot listen on {host}:{port}: {reason}", host=host, port=port, reason=reason_of(error))
        return Exit.UNREADABLE
    site = site_of(host, sock.getsockname()[1])
    hands = len(opened.finished) + (1 if opened.hand is not None else 0)
    if hands:
        say(
            "{path}: resumed: {hands} hand(s), {statements} statement(s) in the last",
            path=path,
            hands=hands,
            statements=len(opened.statements),
        )
    else:
        say("{path}: a new evening", path=path)
    for title, token in (
        ("The scorekeeper's link (may record):", tokens.scorekeeper),
        ("The watchers' link (read only):", tokens.watcher),
    ):
        _echo("")
        say(title)
        _echo(qr_text(site.link(token)))
        _echo(f"  {site.link(token)}")
    _echo("")
    say("Ctrl-C stops the server; every statement is already in the file.")
    serve(create_app(opened, tokens, site), sock)
    return Exit.OK
