"""The ``gostop-arbiter`` commands. Each reads its options, asks the layers below, and prints what
they found: no rules and no judging here (decision C21). The process around them (its streams,
signals and exit statuses) is :mod:`.command`'s."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

import click

from .errors import OutputError
from .exitcodes import Exit
from .helptext import CellContext
from .judging.file import RulesChoice, judge_file
from .judging.files import ExitStatus, FileCheck, SettleUp
from .messages import (
    DOMAIN,
    LANGS,
    LOCALE,
    Lang,
    Message,
    lang_from_env,
    message_of,
    pgettext,
    say,
    say_message,
    sayings,
)
from .notation import SyntaxIssue, write_hand, write_transcript
from .notation.model import Hand, Notice, Transcript
from .notation.reader import Reader, reader_from_env
from .notation.source import SourceFile, load
from .notation.writer import SPELLINGS, Script, script_of
from .outputs import STDIN, output_file, write_atomically
from .records import dump, json_data
from .rules import PROFILES, RulesError, profile_named, resolve
from .tools.tamper import TAMPER_KINDS, CannotTamper
from .verdict import SCHEMA_VERSION, FileError, FileVerdict, HandVerdict, SaidFileError

if TYPE_CHECKING:
    from rich.console import Console

    from .render.replay import SnapshotVisitor

F = TypeVar("F", bound=Callable[..., Any])

_LANG = "gostop_arbiter.lang"
"""Where the language asked for is kept in click's context (its ``meta``, shared by the group and
the command)."""


def _keep_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        ctx.meta[_LANG] = value


def _lang_option(command: F) -> F:
    """``--lang``, taken by the group (``gostop-arbiter --lang ko check …``) and by each command
    (``gostop-arbiter check … --lang ko``)."""
    return click.option(
        "--lang",
        type=click.Choice(LANGS),
        callback=_keep_lang,
        expose_value=False,
        is_eager=True,
        help="Speak English or Korean (default: from LC_ALL, LC_MESSAGES or LANG).",
    )(command)


USAGE = sayings(
    "usage",
    {
        "not-knob-value": "'{item}' is not knob=value",
        "cluster": "the cluster at {address} cannot audit: {reason}",
        "not-at-the-table": "{player} is not at the table ({players})",
        "no-four-player-hand": "the {rules} rules have no four-player hand",
        "minhwatu-two-to-four": "Minhwatu is played by two to four; --players {players}",
        "no-such-hand": "{path} has no hand {hand}",
        "not-played": "hand {hand} of {path} is not a played hand that can be replayed",
        "no-such-turn": "hand {hand} has no turn {turn}: it has {last} turns, 1 to {last}, and 0 is the table as dealt",
        "no-such-turn-of-one": "hand {hand} has no turn {turn}: it has {last} turn, 1 to {last}, and 0 is the "
        "table as dealt",
    },
)
"""The commands' own usage errors (decision P70)."""

SAID = sayings(
    "cli",
    {
        "file-error": "{path}: error: {message}",
        "warning": "{path}:{line}:{column}: warning: {message}",
        "error": "Error: {message}",
        "not-canonical": "not canonical: {path}",
        "reformatted": "reformatted {path}",
        "wrote": "wrote {path}",
        "not-valid": "not valid: {path} {hands} (exit 1)",
        "disputed": "the table got it wrong: {path} {hands} (exit 3)",
        "audit-stopped": "the audit stopped after {done} of {files} files",
        "audit-stopped-unwritten": "the audit stopped after {done} of {files} files; {jsonl} was not written",
        "audit-stopped-earlier": "the audit stopped after {done} of {files} files; {jsonl} was not written "
        "(what it holds is from an earlier run)",
    },
)
"""The lines the commands write about the files they read and write (decision P74)."""


def _said(message: Message) -> str:
    """A message in the language of the command being run."""
    return say_message(message, _lang())


def _error_text(error: RulesError | CannotTamper) -> str:
    """An error of the layers below in the reader's language, from the message it carries (P70)."""
    return _said(error.said)


def _lang() -> Lang:
    """The language of the command being run: ``--lang``, else the locale's."""
    lang: Lang | None = click.get_current_context().meta.get(_LANG)
    return lang or lang_from_env()


def _warn(source_path: str, issues: Iterable[SyntaxIssue], unreadable: Message | None = None) -> None:
    lang = _lang()
    if unreadable is not None:
        click.echo(_said(SAID("file-error", path=source_path, message=unreadable)), err=True)
    for issue in issues:
        click.echo(issue.render(source_path, lang), err=True)


def _report_errors(source: SourceFile) -> None:
    _warn(source.path, source.errors, source.unreadable)


def _report_warnings(path: str, notices: Iterable[Notice]) -> None:
    for notice in notices:
        said = message_of(f"notice:{notice.id}", notice.params) if notice.id else notice.message
        warning = SAID("warning", path=path, line=notice.line, column=notice.column, message=said)
        click.echo(_said(warning), err=True)


def _usage_text(path: str, error: FileError, lines: dict[int, str]) -> str:
    line = error.line or 1
    said = error.said if isinstance(error, SaidFileError) else None
    issue = SyntaxIssue(
        code="usage", line=line, column=error.column or 1, message=error.message, source=lines.get(line, ""), said=said
    )
    return issue.render(path, _lang())


def _print_json(document: dict[str, Any]) -> None:
    import json  # only the --json outputs need it: imported here, off the report's cold start

    click.echo(json.dumps(document, ensure_ascii=False, indent=2))


class _Said(click.Command):
    """A command whose help is said in the reader's language: its text, its short help, each
    option's help and the usage line's words, through the catalogue (context ``help``); click's
    own words (``Usage:``, ``Options``) are the catalogue's too (:func:`click_speaks`), and the help
    is laid out by the columns each letter takes (:class:`CellContext`)."""

    context_class = CellContext

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _help_in(self, _lang_of(ctx)):
            super().format_help(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        with _help_in(self, _lang_of(click.get_current_context(silent=True))):
            return super().get_short_help_str(limit)

    def get_usage(self, ctx: click.Context) -> str:
        with _help_in(self, _lang_of(ctx)):
            return super().get_usage(ctx)

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        self._help_option = None  # click keeps the option it made, with its help in the language of then
        return super().get_help_option(ctx)


class _Commands(_Said, click.Group):
    """The command group, which tells a closed standard output apart from a failed write: click
    would exit 1 for it, the status of a broken rule (decision P4); its commands are :class:`_Said`,
    and click speaks the reader's language while it runs."""

    command_class = _Said

    def invoke(self, ctx: click.Context) -> Any:
        from .command import PipeClosed

        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise PipeClosed from None

    def main(self, args: Any = None, *others: Any, **options: Any) -> Any:
        from .command import asked_lang

        words = list(sys.argv[1:] if args is None else args)
        with click_speaks(asked_lang(words) or lang_from_env()):
            return super().main(words, *others, **options)


def _lang_of(ctx: click.Context | None) -> Lang:
    """The language a context was asked for (``--lang``, read before click parses the rest)."""
    root = ctx.find_root() if ctx is not None else None
    lang: Lang | None = root.meta.get(_LANG) if root is not None else None
    return lang or _SPEAKING[-1]


_SPEAKING: list[Lang] = ["en"]
"""The language click speaks in the command running now (:func:`click_speaks`), innermost last."""


@contextlib.contextmanager
def click_speaks(lang: Lang) -> Iterator[None]:
    """click's own words (usage, errors, its help options) said in ``lang`` while a command runs:
    click asks :mod:`gettext`'s default domain, which is made the package's catalogue for the
    command, in the language asked for (``LANGUAGE``, which gettext reads first)."""
    import gettext

    domain, language = gettext.textdomain(), os.environ.get("LANGUAGE")
    gettext.bindtextdomain(DOMAIN, LOCALE)
    gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = lang
    _SPEAKING.append(lang)
    try:
        yield
    finally:
        _SPEAKING.pop()
        gettext.textdomain(domain)
        if language is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = language


_USAGE_WORDS = ("[OPTIONS]", "COMMAND [ARGS]...")
"""The words of a usage line click writes itself, said in the reader's language."""


def _help_text(text: str, lang: Lang) -> str:
    """A help text in ``lang``: its prose from the catalogue, its examples (commands) as written."""
    import inspect  # click cleans a docstring's indentation as it writes it; the catalogue's has none

    prose, examples, commands = inspect.cleandoc(text).partition("\n\nExamples:")
    said = pgettext("help", prose, lang)
    return said + "\n\n" + pgettext("help", "Examples:", lang) + commands if examples else said


@contextlib.contextmanager
def _help_in(command: click.Command, lang: Lang) -> Iterator[None]:
    """The command's help texts said in ``lang`` while its help is written (put back after)."""
    if lang == "en":
        yield
        return
    saved: list[tuple[object, str, str | None]] = [(command, "help", command.help)]
    saved.append((command, "short_help", command.short_help))
    saved += [(param, "help", getattr(param, "help", None)) for param in command.params]
    saved.append((command, "options_metavar", command.options_metavar))
    if isinstance(command, click.Group):
        saved.append((command, "subcommand_metavar", command.subcommand_metavar))
    arguments = [p for p in command.params if isinstance(p, click.Argument) and not isinstance(p.type, click.Choice)]
    saved += [(argument, "metavar", argument.metavar) for argument in arguments]
    options = [p for p in command.params if isinstance(p, click.Option) and _named_value(p)]
    saved += [(option, "metavar", option.metavar) for option in options]
    try:
        for owner, name, text in saved:
            if text:
                setattr(owner, name, pgettext("usage", text, lang) if text in _USAGE_WORDS else _help_text(text, lang))
        for argument in arguments:
            argument.metavar = _metavar(argument, lang)
        for option in options:
            option.metavar = pgettext("usage", option.metavar or option.type.name.upper(), lang)
        yield
    finally:
        for owner, name, text in saved:
            setattr(owner, name, text)


def _named_value(option: click.Option) -> bool:
    """Whether an option's help names the value it takes by a word (``NAME``, ``INTEGER``), not by
    its choices or by nothing (a flag)."""
    return not option.is_flag and not option.count and not isinstance(option.type, click.Choice)


def _metavar(argument: click.Argument, lang: Lang) -> str:
    """An argument as a usage line names it (``FILES...``), said in ``lang`` (``파일...``)."""
    shown = pgettext("usage", (argument.name or "").upper(), lang)
    if argument.nargs != 1:
        shown += "..."
    return shown if argument.required else f"[{shown}]"


def _console(*, no_color: bool = False, **options: Any) -> Console:
    """A rich console for a command's output. It wraps text only on a terminal: in a pipe or a file
    a sentence stays on its line, for grep and for the reader's own window (decision P5)."""
    from rich.console import Console

    class _Quiet(Console):
        def on_broken_pipe(self) -> None:  # rich would exit 1 itself
            self.quiet = True
            raise BrokenPipeError

    console = _Quiet(no_color=no_color or None, highlight=False, **options)
    console.soft_wrap = not console.is_terminal
    return console


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(None, "--version", package_name="gostop-arbiter", prog_name="gostop-arbiter")
@_lang_option
def cli() -> None:
    """Settle Go-Stop, Matgo and Minhwatu hands written in GSN: replay, check, and say who pays whom."""


_FILES = click.Path(allow_dash=True)
"""A transcript named on the command line (``-``: standard input); what it is, is checked when it
is opened (a folder or a pipe is refused with the reason)."""


@cli.command(short_help="Print what files say, hand by hand (or as JSON).")
@click.argument("files", nargs=-1, required=True, type=_FILES)
@click.option("--json", "as_json", is_flag=True, help="Print the transcript model as JSON.")
@_lang_option
def parse(files: tuple[str, ...], as_json: bool) -> None:
    """Read FILES (- for standard input) and print what they say, hand by hand.

    Examples:

    \b
      gostop-arbiter parse samples/matgo-korean-names.gsn
      gostop-arbiter parse samples/*.gsn --json
    """
    from .render.transcript import print_transcript

    status = Exit.OK
    documents: list[dict[str, Any]] = []
    reader = reader_from_env()
    for path in files:
        source = load(path, reader)
        if not source.ok:
            status = Exit.UNREADABLE
        if as_json:
            entry: dict[str, Any] = {"path": source.path}
            entry["hands"] = [dump(hand, mode="json") for hand in source.hands]
            if not source.ok:
                entry["errors"] = source.error_json()
            documents.append(entry)
        else:
            _report_errors(source)
            _report_warnings(source.path, source.warnings)
            if source.ok:
                print_transcript(source.path, source.hands, _console(), lang=_lang())
    if as_json:
        _print_json({"schema_version": SCHEMA_VERSION, "files": documents})
    sys.exit(status)


@cli.command(short_help="Rewrite files in canonical GSN, keeping every comment.")
@click.argument("files", nargs=-1, required=True, type=_FILES)
@click.option("--check", is_flag=True, help="Change nothing; list the files that are not canonical and exit 1.")
@click.option("--ascii", "script", flag_value="ascii", help="Write every word in ASCII (8g, go, deal).")
@click.option("--korean", "script", flag_value="korean", help="Write every word in Korean (공산광, 고, 패).")
@_lang_option
def fmt(files: tuple[str, ...], check: bool, script: Script | None) -> None:
    """Rewrite FILES in canonical GSN (- writes standard input's canonical form to standard output).

    Each file keeps the script it is written in (ASCII codes such as 8g, or Korean words such as
    공산광), unless --ascii or --korean says which to write. Comments are kept; a file with a syntax
    error is left as it is.

    Examples:

    \b
      gostop-arbiter fmt last-night.gsn
      gostop-arbiter fmt --check samples/*.gsn
      gostop-arbiter fmt --korean - < last-night.gsn
    """
    status = Exit.OK
    reader = reader_from_env()
    for path in files:
        source = load(path, reader)
        if not source.ok:
            _report_errors(source)
            status = Exit.UNREADABLE
            continue
        spelling = SPELLINGS[script or script_of(source.text)]
        canonical = write_transcript(Transcript(hands=source.hands), spelling)
        if source.path == STDIN and not check:
            click.echo(canonical, nl=False)
        elif canonical != source.text:
            if check:
                click.echo(_said(SAID("not-canonical", path=source.path)))
                status = max(status, Exit.INVALID)
                continue
            try:
                write_atomically(source.path, canonical)
            except OutputError as error:
                click.echo(_said(SAID("error", message=error.said)), err=True)
                status = max(status, Exit.OUTPUT)
                continue
            click.echo(_said(SAID("reformatted", path=source.path)), err=True)
    sys.exit(status)


# ---- check, compare, rules -------------------------------------------------------------------


def _parse_sets(sets: tuple[str, ...]) -> dict[str, str]:
    parsed: dict[str, str] = {}
    for item in sets:
        knob, equals, value = item.partition("=")
        if not equals or not knob.strip():
            raise click.BadParameter(_said(USAGE("not-knob-value", item=item)), param_hint="--set")
        parsed[knob.strip()] = value.strip()
    return parsed


def _rules_choice(name: str | None, sets: tuple[str, ...]) -> RulesChoice:
    """The rules given on the command line, checked at once so that a typo is a usage error."""
    try:
        return RulesChoice(name, _parse_sets(sets)).checked()
    except RulesError as error:
        raise click.UsageError(_error_text(error)) from None


def _file_json(verdict: FileVerdict, transfers: list[tuple[str, str, int]] | None) -> dict[str, Any]:
    document: dict[str, Any] = json_data(verdict)
    if not document["errors"]:
        del document["errors"]
    if transfers is not None:
        document["settle_up"] = [{"from": a, "to": b, "amount": n} for a, b, n in transfers]
    return document


def _file_errors(check: FileCheck) -> None:
    """What keeps a file from a verdict, and its warnings, on standard error."""
    _warn(check.path, check.syntax, check.unreadable)
    _report_warnings(check.path, check.warnings)


def _check_json(files: tuple[str, ...], choice: RulesChoice, settle: bool, status: ExitStatus) -> None:
    """``check --json``: one document, written file by file; a file's hands wait in a spool until
    it has been read to its end (GSN §8: a syntax error anywhere means no verdict at all)."""
    from .render.stream import JsonDocument, Spool
    from .settlement import settle_up

    document = JsonDocument(sys.stdout, SCHEMA_VERSION)
    reader = reader_from_env()
    for path in files:
        check = FileCheck(path, choice, reader, keep_lines=False)  # a JSON verdict shows no line (B32)
        with Spool() as spool:
            for _hand, result in check:
                if not isinstance(result, FileError):
                    JsonDocument.hand(spool, result)
            verdict = check.verdict
            transfers = settle_up(verdict.balance) if settle else None
            document.file(_file_json(verdict, transfers), spool if check.judged else None)
        status.add(check)
    document.close()


def _check_text(files: tuple[str, ...], choice: RulesChoice, settle: bool, status: ExitStatus, no_color: bool) -> None:
    """``check``'s report: each hand written as soon as it is judged (decision H17), each file's
    errors and balance after its hands, and with ``--settle`` the evening's settle-up at the end."""
    from .render.grid import fixed_options, print_all
    from .render.report import hand_report, print_file_end, print_settle_up, rules_label

    console = _console(no_color=no_color, emoji=False, markup=False)
    options = fixed_options(console)
    lang = _lang()
    reader = reader_from_env()
    evening = SettleUp()
    for path in files:
        check = FileCheck(path, choice, reader)
        for hand, result in check:
            if isinstance(result, FileError):
                click.echo(_usage_text(path, result, check.lines), err=True)
                continue
            rules = rules_label(choice.name_for(hand), choice.sets_for(hand), lang)
            print_all(console, hand_report(console, path, result, check.lines, lang, rules=rules, options=options))
        _file_errors(check)
        print_file_end(console, check, lang)
        status.add(check)
        evening.add(check)
    if settle:
        print_settle_up(console, evening, lang)


@cli.command(short_help="Judge every hand: legality, scores, who pays whom, the balance.")
@click.argument("files", nargs=-1, required=True, type=_FILES)
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as JSON (GSN §8).")
@click.option("--rules", "rules_name", metavar="NAME", help="Judge under this profile instead of the file's.")
@click.option("--set", "sets", multiple=True, metavar="KNOB=VALUE", help="Override one knob (repeatable).")
@click.option(
    "--settle", is_flag=True, help="End with the fewest transfers that clear the balance of every file named, together."
)
@click.option("--no-color", is_flag=True, help="No colours (also when NO_COLOR is set).")
@_lang_option
def check(
    files: tuple[str, ...],
    as_json: bool,
    rules_name: str | None,
    sets: tuple[str, ...],
    settle: bool,
    no_color: bool,
) -> None:
    """Judge every hand of FILES: legality, scores, who pays whom, and each file's balance.

    Each hand's report is written as soon as the hand is judged; when a syntax error further on
    leaves the file without a verdict, the report says so after its hands. --json writes one
    document, each file's hands once the file has been read to its end.

    Exit status: 0 all valid; 1 a hand breaks a rule; 2 a file cannot be read or parsed (or misuse);
    3 all valid, but the table's claims or marks are contradicted; 4 the output cannot be written
    (a full disk); 130 interrupted (Ctrl-C); 141 the reader of standard output stopped reading
    (| head); 143 terminated (SIGTERM).

    Examples:

    \b
      gostop-arbiter check samples/matgo-evening-tally.gsn
      gostop-arbiter check samples/matgo-*.gsn --settle
      gostop-arbiter check last-night.gsn --rules wikipedia --set go_bak_2p=false
      gostop-arbiter check samples/gostop-3p-tally.gsn --lang ko
      gostop-arbiter check samples/*.gsn --json > verdicts.json
    """
    choice = _rules_choice(rules_name, sets)
    status = ExitStatus()
    if as_json:
        _check_json(files, choice, settle, status)
    else:
        _check_text(files, choice, settle, status, no_color)
    sys.exit(status.status)


@cli.command(short_help="The same hands under several rules profiles, side by side.")
@click.argument("file", type=_FILES)
@click.option("--rules", "names", required=True, metavar="A,B,C", help="The profiles to compare, comma-separated.")
@click.option("--json", "as_json", is_flag=True, help="Print every profile's verdict as JSON.")
@_lang_option
def compare(file: str, names: str, as_json: bool) -> None:
    """Show each hand's payments under several rules profiles side by side (a what-if).

    Examples:

    \b
      gostop-arbiter compare last-night.gsn --rules standard,gamerules,wikipedia
    """
    from .render.compare import compare_table

    profiles = [n.strip() for n in names.split(",") if n.strip()]
    if not profiles:
        raise click.BadParameter(
            say("name one rules profile or more, such as standard,gamerules", _lang()), param_hint="--rules"
        )
    for name in profiles:
        _rules_choice(name, ())
    source = load(file, reader_from_env())
    if not source.ok:
        _report_errors(source)
        sys.exit(Exit.UNREADABLE)
    verdicts = {name: judge_file(source.path, source.hands, RulesChoice(name)) for name in profiles}
    if as_json:
        _print_json(
            {
                "schema_version": SCHEMA_VERSION,
                "path": source.path,
                "profiles": {n: _file_json(v, None) for n, v in verdicts.items()},
            }
        )
    else:
        _console().print(compare_table(source.path, verdicts, _lang()))
    status = ExitStatus()
    for verdict in verdicts.values():
        status.add_verdict(verdict)
    sys.exit(status.status)


@cli.command(short_help="List the rules profiles, or every knob of one.")
@click.argument("name", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
@_lang_option
def rules(name: str | None, as_json: bool) -> None:
    """List the rules profiles, or every knob of profile NAME with its value and meaning.

    Examples:

    \b
      gostop-arbiter rules
      gostop-arbiter rules online-matgo
      gostop-arbiter rules standard --json
    """
    from .render.rules import knob_rows, knobs_table, profile_json, profiles_table

    if name is None:
        if as_json:
            _print_json({"profiles": {p.name: p.summary for p in PROFILES.values()}})
        else:
            _console().print(profiles_table(_lang()))
        return
    try:
        profile = profile_named(name)
    except RulesError as error:
        raise click.UsageError(_error_text(error)) from None
    if as_json:
        _print_json(profile_json(profile))
    else:
        _console().print(knobs_table(profile, knob_rows(profile), _lang()))


@cli.command(short_help="Play random legal hands and write them as GSN.")
@click.option(
    "--players", type=click.IntRange(2, 7), default=2, show_default=True, help="Seats at the table (Minhwatu: 2 to 4)."
)
@click.option("--rules", "rules_name", default="standard", show_default=True, metavar="NAME", help="Rules profile.")
@click.option("--seed", type=int, default=0, show_default=True, help="The same seed gives the same hands.")
@click.option("--hands", type=click.IntRange(1), default=1, show_default=True, help="Hands in the session.")
@click.option("--hide", metavar="PLAYER", help="Write this player's dealt cards as unseen (?).")
@click.option("--stake", type=click.IntRange(0), default=1, show_default=True, help="Money per point.")
@click.option("--tamper", type=click.Choice(sorted(TAMPER_KINDS)), help="Put one deliberate fault in each hand.")
@click.option("-o", "--output", type=click.Path(), help="Write here instead of standard output.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@_lang_option
def simulate(
    players: int,
    rules_name: str,
    seed: int,
    hands: int,
    hide: str | None,
    stake: int,
    tamper: str | None,
    output: str | None,
    quiet: bool,
) -> None:
    """Play random legal hands and write them as GSN (a session when --hands > 1).

    Examples:

    \b
      gostop-arbiter simulate --players 3 --hands 10 --seed 1 -o evening.gsn
      gostop-arbiter simulate --hide Jae --tamper duplicate
    """
    from .judging.seating import deck_seats_problem
    from .render.progress import progress_bar
    from .tools.simulate import NAMES, simulate_session
    from .tools.tamper import CannotTamper

    try:
        profile = resolve(rules_name, {})
    except RulesError as error:
        raise click.UsageError(_error_text(error)) from None
    if hide is not None and hide not in NAMES[:players]:
        said = USAGE("not-at-the-table", player=hide, players=", ".join(NAMES[:players]))
        raise click.BadParameter(_said(said), param_hint="--hide")
    if players >= 4 and profile.game != "minhwatu" and profile.four_players.mode == "unplayable":
        raise click.UsageError(_said(USAGE("no-four-player-hand", rules=profile.name)))
    if players > 4 and profile.game == "minhwatu":
        raise click.UsageError(_said(USAGE("minhwatu-two-to-four", players=players)))
    if (no_deal := deck_seats_problem(profile, players)) is not None:
        raise click.UsageError(_said(no_deal))
    session = simulate_session(profile, players=players, hands=hands, seed=seed, hide=hide, stake=stake, tamper=tamper)
    # The bar goes to a terminal only, and never while GSN itself is written to one.
    quiet = quiet or output is None or not sys.stdout.isatty()
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(output_file(output)) if output is not None else sys.stdout
        advance = stack.enter_context(
            progress_bar(say("simulating", _lang()), hands, say("{rate} hands a second", _lang()), quiet=quiet)
        )
        try:
            for i, hand in enumerate(session):
                out.write(("\n" if i else "") + "\n".join(write_hand(hand)) + "\n")
                advance()
        except CannotTamper as error:
            raise click.UsageError(_error_text(error)) from None


@cli.command(short_help="Validate many files or folders in parallel, and summarise them.")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, allow_dash=True))
@click.option("--jobs", type=click.IntRange(1), help="Processes to use (default: one per core).")
@click.option(
    "--jsonl",
    "jsonl",
    type=click.Path(),
    help="Write one JSON record per hand here (a hand's verdict, or the error that keeps it from one), "
    "and after each file's hands a record of its balance.",
)
@click.option("--rules", "rules_name", metavar="NAME", help="Judge under this profile instead of each file's.")
@click.option("--set", "sets", multiple=True, metavar="KNOB=VALUE", help="Override one knob (repeatable).")
@click.option("--scheduler", metavar="ADDRESS", help="Run on a dask.distributed cluster (the dask extra).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@_lang_option
def audit(
    paths: tuple[str, ...],
    jobs: int | None,
    jsonl: str | None,
    rules_name: str | None,
    sets: tuple[str, ...],
    scheduler: str | None,
    quiet: bool,
) -> None:
    """Validate many files, or every GSN file below a folder, and summarise them.

    The summary counts the files that could not be read or judged in full; standard error names
    each of them with its first error.

    Exit status as for check: 0 all valid, 1 a hand breaks a rule, 2 something could not be read,
    3 all valid but the table's claims are contradicted, 4 the JSONL cannot be written (checked
    before any file is judged), 130 interrupted (Ctrl-C), 143 terminated (SIGTERM).

    Examples:

    \b
      gostop-arbiter audit samples/
      gostop-arbiter audit samples/ --jobs 4 --jsonl verdicts.jsonl
    """
    from .command import Terminated
    from .render.progress import progress_bar
    from .tools.audit import audit as run_audit
    from .tools.audit import audit_on_cluster, gsn_files
    from .tools.summary import summary_table

    choice = _rules_choice(rules_name, sets)
    files = gsn_files(paths)
    done = 0
    lang = _lang()
    try:
        with progress_bar(
            say("auditing", lang),
            len(files),
            say("{rate} files a second", lang),
            quiet=quiet or not sys.stdout.isatty(),
        ) as bar:

            def advance(n: int = 1) -> None:
                nonlocal done
                done += n
                bar(n)

            if scheduler:
                try:
                    total = audit_on_cluster(files, scheduler, choice=choice, jsonl=jsonl, advance=advance)
                except (RuntimeError, OSError) as error:
                    raise click.UsageError(_said(USAGE("cluster", address=scheduler, reason=str(error)))) from None
            else:
                total = run_audit(files, choice=choice, jobs=jobs, jsonl=jsonl, advance=advance)
    except (KeyboardInterrupt, Terminated):
        stopped = "audit-stopped-unwritten" if jsonl is not None else "audit-stopped"
        if jsonl and os.path.exists(jsonl):
            stopped = "audit-stopped-earlier"
        click.echo(_said(SAID(stopped, done=f"{done:,}", files=f"{len(files):,}", jsonl=jsonl or "")), err=True)
        raise
    _console().print(summary_table(total, len(files), lang))
    for said in total.not_judged:
        click.echo(said if isinstance(said, str) else _said(said), err=True)
    if total.unreadable:
        sys.exit(Exit.UNREADABLE)
    if total.valid < total.hands:
        sys.exit(Exit.INVALID)
    sys.exit(Exit.DISPUTED if total.disputed else Exit.OK)


# ---- replay and render: the table after each turn ----------------------------------------------


def _played(
    file: str, reader: Reader, hand_index: int, visitor: SnapshotVisitor
) -> tuple[Hand, HandVerdict | FileError]:
    """The hand ``hand_index`` of ``file`` and its verdict, the hands before it judged for the
    dealer and carry they hand on, ``visitor`` shown its statements; read no further than that
    hand (a syntax error after it does not keep it from being shown). Exit 2 with the errors of a
    file that breaks before it."""
    check = FileCheck(file, RulesChoice(), reader, visitor=visitor)
    for hand, result in check:
        if hand.index == hand_index:
            return hand, result
    if not check.judged:
        _file_errors(check)
        sys.exit(Exit.UNREADABLE)
    raise click.UsageError(_said(USAGE("no-such-hand", path=file, hand=hand_index)))


@cli.command(short_help="Show the table after each turn of a played hand.")
@click.argument("file", type=_FILES)
@click.option(
    "--hand", "hand_index", type=click.IntRange(1), default=1, show_default=True, help="Which hand of the file."
)
@click.option("--turn", "turn_index", type=click.IntRange(0), help="Show only the table after this turn (0: as dealt).")
@click.option("--no-color", is_flag=True, help="No colours (also when NO_COLOR is set).")
@_lang_option
def replay(file: str, hand_index: int, turn_index: int | None, no_color: bool) -> None:
    """Show the table after each turn of a played hand: hands, table, piles, scores, and what happened.

    Turns written after the hand has ended, or past the 100th, are not shown; the replay says how
    many there are and where.

    Examples:

    \b
      gostop-arbiter replay samples/matgo-korean-names.gsn
      gostop-arbiter replay samples/matgo-nagari-then-carry.gsn --hand 2 --turn 0
    """
    from .render.replay import SnapshotVisitor, left_out_text, snapshot_view

    # The snapshots come as the hand is judged, in one replay; the first is the table as dealt (turn 0,
    # as the HTML replay's step 0).
    taken = SnapshotVisitor(deal=True, only=hand_index)
    hand, verdict = _played(file, reader_from_env(), hand_index, taken)
    if isinstance(verdict, FileError) or hand.kind == "tally":
        raise click.UsageError(_said(USAGE("not-played", path=file, hand=hand_index)))
    snaps = taken.taken.get(hand_index, [])
    shown = [snap for snap in snaps if turn_index is None or snap.turn == turn_index]
    if not shown:
        last = max((snap.turn for snap in snaps), default=0)
        no_turn = "no-such-turn-of-one" if last == 1 else "no-such-turn"
        raise click.UsageError(_said(USAGE(no_turn, hand=hand_index, turn=turn_index or 0, last=last)))
    console = _console(no_color=no_color)
    lang = _lang()
    for snap in shown:
        console.print(snapshot_view(snap, lang))
        console.print()
    left_out = taken.left_out.get(hand_index)
    if left_out is not None and turn_index is None:
        console.print(left_out_text(left_out, lang))


@cli.command(short_help="Write an HTML page that replays each hand turn by turn.")
@click.argument("file", type=_FILES)
@click.option("-o", "--output", required=True, type=click.Path(), help="The HTML file (- for standard output).")
@click.option("--rules", "rules_name", metavar="NAME", help="Judge under this profile instead of the file's.")
@click.option("--set", "sets", multiple=True, metavar="KNOB=VALUE", help="Override one knob (repeatable).")
@_lang_option
def render(file: str, output: str, rules_name: str | None, sets: tuple[str, ...]) -> None:
    """Write one self-contained HTML page that replays each hand turn by turn, with the verdict.

    The page replays the file's first 200 hands (and, in each, its turns up to the end of the
    hand); every hand is judged, and the page and the exit status say what the others come to.

    Examples:

    \b
      gostop-arbiter render samples/matgo-korean-names.gsn -o replay.html
      gostop-arbiter render samples/matgo-korean-names.gsn -o replay.html --lang ko
    """
    from .render.html import MAX_HANDS, render_html
    from .render.replay import SnapshotVisitor

    choice = _rules_choice(rules_name, sets)
    with output_file(output) as handle:  # made first: an output that cannot be written is said at once
        taken = SnapshotVisitor(deal=True, upto=MAX_HANDS)  # each hand's steps, taken as it is judged
        check = FileCheck(file, choice, reader_from_env(), visitor=taken)
        hands, verdicts = [], []
        for hand, result in check:
            if isinstance(result, FileError):
                click.echo(_usage_text(file, result, check.lines), err=True)
            elif hand.index <= MAX_HANDS:
                hands.append(hand)
                verdicts.append(result)
        if not check.judged:
            _file_errors(check)
            sys.exit(Exit.UNREADABLE)
        verdict = FileVerdict(path=file, hands=verdicts, balance=check.balance, errors=check.usage)
        counted = len(check.valid) + len(check.invalid)
        handle.write(
            render_html(
                file, hands, verdict, taken.taken, lang=_lang(), choice=choice, left_out=taken.left_out, judged=counted
            )
        )
    _report_written(output, check)


def _report_written(output: str, check: FileCheck) -> None:
    """``wrote PATH``, and why the status is not 0 when it is not: the hands not valid, the hands
    whose claims the rules contradict (the page says what each is)."""
    from .render.report import hand_numbers

    status = ExitStatus()
    status.add(check)
    if output != "-":
        click.echo(_said(SAID("wrote", path=output)), err=True)
    if check.invalid:
        click.echo(_said(SAID("not-valid", path=check.path, hands=hand_numbers(check.invalid))), err=True)
    if check.disputed and not check.invalid:
        click.echo(_said(SAID("disputed", path=check.path, hands=hand_numbers(check.disputed))), err=True)
    sys.exit(status.status)


@cli.command(short_help="Record a game live at the table: a web page for phones on the same Wi-Fi.")
@click.argument("evening", type=click.Path(dir_okay=False))
@click.option("--rules", "rules_name", metavar="NAME", help="The rules a new evening starts with.")
@click.option("--set", "sets", multiple=True, metavar="KNOB=VALUE", help="A knob to start with (repeatable).")
@click.option("--host", default="0.0.0.0", show_default=True, help="Listen here (127.0.0.1: this machine only).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="Port (0: any free one).")
@click.option("--new-links", is_flag=True, help="New tokens: the links printed before stop working.")
@_lang_option
def table(evening: str, rules_name: str | None, sets: tuple[str, ...], host: str, port: int, new_links: bool) -> None:
    """Record a game live at the table: a web page for phones on the same Wi-Fi.

    A new EVENING file starts an evening; an existing one is resumed where it stopped. Two links
    are printed, each with a QR code: the scorekeeper's, which records, and the watchers', which
    only follow. Every statement is written to EVENING as it is recorded.

    Examples:

    \b
      gostop-arbiter table 설날.gsn
      gostop-arbiter table evening.gsn --rules online-matgo --host 127.0.0.1 --port 8080
    """
    from .table.run import run_table

    sys.exit(run_table(evening, rules_name, _parse_sets(sets), host=host, port=port, new_links=new_links, lang=_lang()))


@cli.command(short_help="Print the JSON Schema of a verdict, a transcript or a profile.")
@click.argument("what", type=click.Choice(["verdict", "transcript", "profile"]), default="verdict")
@_lang_option
def schema(what: str) -> None:
    """Print the JSON Schema of the verdict (check --json), the transcript (parse --json) or a profile.

    Examples:

    \b
      gostop-arbiter schema verdict
      gostop-arbiter schema transcript
    """
    from .schemas import json_schema

    _print_json(json_schema(what))


def main() -> None:
    """Entry point of the console script (see :mod:`.command`)."""
    from .command import main as run_command

    run_command(cli)
