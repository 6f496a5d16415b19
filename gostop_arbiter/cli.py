"""The ``gostop-arbiter`` command. It reads files, calls the layers below and prints; no rules here."""

from __future__ import annotations

import contextlib
import functools
import io
import os
import signal
import sys
from collections.abc import Iterable, Iterator
from dataclasses import field
from types import FrameType
from typing import IO, TYPE_CHECKING, Any, cast

import click

from .errors import ArbiterError, OutputError
from .exitcodes import Exit
from .judging.file import FileJudge, RulesChoice, judge_file
from .messages import LANGS, Lang, lang_from_env, say, sentence
from .notation import Hand, SyntaxIssue, normalise_lines, read_hands, write_hand, write_transcript
from .notation.model import Notice, Transcript
from .notation.reader import Reader, decoded_lines, reader_from_env
from .notation.writer import SPELLINGS, Script, script_of
from .outputs import STDIN, NotAFile, opened_input, output_file, reason_of, write_atomically
from .records import Mutable, dump, mutable
from .rules import PROFILES, RulesError, profile_named, resolve
from .settlement import settle_up
from .tools.tamper import TAMPER_KINDS
from .verdict import SCHEMA_VERSION, FileError, FileVerdict

if TYPE_CHECKING:
    from rich.console import Console


@mutable
class SourceFile(Mutable):
    """One file named on the command line, as read: its text, its hands, its errors."""

    path: str
    text: str = ""
    hands: list[Hand] = field(default_factory=list)
    errors: list[SyntaxIssue] = field(default_factory=list)
    warnings: list[Notice] = field(default_factory=list)
    unreadable: str | None = None
    """Why the file could not be opened at all (it has no line to point at)."""
    undecodable: dict[int, SyntaxIssue] = field(default_factory=dict)
    """The error of each line that is not UTF-8 (its text has U+FFFD for each bad byte)."""

    @property
    def ok(self) -> bool:
        return not self.errors and self.unreadable is None

    def error_json(self) -> list[dict[str, object]]:
        if self.unreadable is not None:
            return [{"code": "unreadable", "line": None, "column": None, "message": self.unreadable}]
        return [issue.to_json() for issue in self.errors]


def _cannot_read(path: str, error: OSError) -> str:
    if isinstance(error, NotAFile) and error.kind == "a folder":
        audit = f"gostop-arbiter audit {path} judges every transcript below it"
        return f"cannot read {path}: it is a folder, not a file ({audit})"
    return f"cannot read {'standard input' if path == STDIN else path}: {reason_of(error)}"


class _Unreadable(ArbiterError):
    """A file named on the command line that cannot be opened or read to its end."""


def _read_or_say(path: str, raw: Iterable[bytes]) -> Iterator[bytes]:
    """``raw``'s lines; a failure to read them is an :class:`_Unreadable` naming ``path``, so that
    it is told apart from a failure to write the report."""
    try:
        yield from raw
    except OSError as error:
        raise _Unreadable(_cannot_read(path, error)) from None


def read_source(path: str) -> SourceFile:
    """Read one file's text (not yet parsed); never raises for anything the file or the disk may hold."""
    source = SourceFile(path)
    try:
        with opened_input(path) as handle:
            data = handle.read()
    except OSError as error:
        source.unreadable = _cannot_read(path, error)
        return source
    try:
        source.text = data.decode("utf-8")
    except UnicodeDecodeError:  # every line that is not UTF-8 is reported, and the others are read on
        source.text = "\n".join(decoded_lines(data.splitlines(keepends=True), source.undecodable))
    return source


def load(path: str) -> SourceFile:
    """Read and parse one file; never raises for anything the file or the disk may hold."""
    source = read_source(path)
    if not source.ok:
        return source
    for result in read_hands(normalise_lines(source.text), source.undecodable, reader=_reader()):
        source.errors.extend(result.errors)
        if result.hand is not None:
            source.hands.append(result.hand)
            source.warnings.extend(result.hand.warnings)
    return source


@functools.cache
def _reader() -> Reader:
    """The command's reader: one for the files of a run, so that a line read in one file is
    remembered in the next (decision B14)."""
    return reader_from_env()


def _report_errors(source: SourceFile) -> None:
    if source.unreadable is not None:
        click.echo(f"{source.path}: error: {source.unreadable}", err=True)
    for issue in source.errors:
        click.echo(issue.render(source.path), err=True)


def _report_warnings(source: SourceFile) -> None:
    for notice in source.warnings:
        click.echo(f"{source.path}:{notice.line}:{notice.column}: warning: {notice.message}", err=True)


def _sources(files: tuple[str, ...]) -> Iterator[SourceFile]:
    for path in files:
        yield load(path)


def _print_json(document: dict[str, Any]) -> None:
    import json  # only the --json outputs need it: imported here, off the report's cold start

    click.echo(json.dumps(document, ensure_ascii=False, indent=2))


class _PipeClosed(ArbiterError):
    """Standard output's reader stopped reading (``| head``): nothing is wrong, the command ends."""


class _Commands(click.Group):
    """The command group, which tells a closed standard output apart from a failed write: click
    would exit 1 for it, the status of a broken rule (decision P4)."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise _PipeClosed from None


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
def cli() -> None:
    """Settle Go-Stop, Matgo and Minhwatu hands written in GSN: replay, check, and say who pays whom."""


@cli.command(short_help="Print what files say, hand by hand (or as JSON).")
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print the transcript model as JSON.")
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
    for source in _sources(files):
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
            _report_warnings(source)
            if source.ok:
                print_transcript(source.path, source.hands, _console(), lang=_lang())
    if as_json:
        _print_json({"schema_version": SCHEMA_VERSION, "files": documents})
    sys.exit(status)


@cli.command(short_help="Rewrite files in canonical GSN, keeping every comment.")
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--check", is_flag=True, help="Change nothing; list the files that are not canonical and exit 1.")
@click.option("--ascii", "script", flag_value="ascii", help="Write every word in ASCII (8g, go, deal).")
@click.option("--korean", "script", flag_value="korean", help="Write every word in Korean (공산광, 고, 패).")
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
    for source in _sources(files):
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
                click.echo(f"not canonical: {source.path}")
                status = max(status, Exit.INVALID)
            else:
                try:
                    write_atomically(source.path, canonical)
                except OutputError as error:
                    click.echo(f"Error: {error}", err=True)
                    status = max(status, Exit.OUTPUT)
                    continue
                click.echo(f"reformatted {source.path}", err=True)
    sys.exit(status)


# ---- check, compare, rules -------------------------------------------------------------------


def _parse_sets(sets: tuple[str, ...]) -> dict[str, str]:
    parsed: dict[str, str] = {}
    for item in sets:
        knob, equals, value = item.partition("=")
        if not equals or not knob.strip():
            raise click.BadParameter(f"'{item}' is not knob=value", param_hint="--set")
        parsed[knob.strip()] = value.strip()
    return parsed


def _rules_choice(name: str | None, sets: tuple[str, ...]) -> RulesChoice:
    """The rules given on the command line, checked at once so that a typo is a usage error."""
    try:
        return RulesChoice(name, _parse_sets(sets)).checked()
    except RulesError as error:
        raise click.UsageError(str(error)) from None


def _judge(source: SourceFile, choice: RulesChoice) -> FileVerdict:
    if not source.ok:
        if source.unreadable is not None:
            return FileVerdict(path=source.path, errors=[FileError(code="unreadable", message=source.unreadable)])
        return FileVerdict(path=source.path, errors=_syntax_errors(source.errors))
    return judge_file(source.path, source.hands, choice)


def _syntax_errors(issues: Iterable[SyntaxIssue]) -> list[FileError]:
    return [
        FileError(
            code="unreadable" if i.code == "unreadable" else "syntax", line=i.line, column=i.column, message=i.message
        )
        for i in issues
    ]


def _status(verdicts: list[FileVerdict]) -> Exit:
    if any(v.errors for v in verdicts):
        return Exit.UNREADABLE
    hands = [h for v in verdicts for h in v.hands]
    if any(not h.valid for h in hands):
        return Exit.INVALID
    if any(h.discrepancies for h in hands):
        return Exit.DISPUTED
    return Exit.OK


def _file_json(verdict: FileVerdict, transfers: list[tuple[str, str, int]] | None) -> dict[str, Any]:
    document: dict[str, Any] = dump(verdict, mode="json", by_alias=True)
    if not document["errors"]:
        del document["errors"]
    if transfers is not None:
        document["settle_up"] = [{"from": a, "to": b, "amount": n} for a, b, n in transfers]
    return document


def _usage_text(path: str, error: FileError, lines: dict[int, str]) -> str:
    line = error.line or 1
    issue = SyntaxIssue(
        code="usage", line=line, column=error.column or 1, message=error.message, source=lines.get(line, "")
    )
    return issue.render(path)


def _report_usage(verdict: FileVerdict, lines: list[str]) -> None:
    numbered = dict(enumerate(lines, start=1))
    for error in verdict.errors:
        if error.code == "usage":
            click.echo(_usage_text(verdict.path, error, numbered), err=True)


class _KeptLines(dict[int, str]):
    """The lines of a file being read, by number, from the hand being reported on to where the
    reader has got (a run of hands ahead), for showing a line with a caret."""

    def __init__(self) -> None:
        super().__init__()
        self._oldest = 1

    def keep(self, lines: Iterable[str]) -> Iterator[str]:
        for number, line in enumerate(lines, start=1):
            self[number] = line
            yield line

    def forget_before(self, hand: Hand) -> None:
        first = min(item.line for item in (*hand.tags, *hand.statements))
        for number in range(self._oldest, first):
            self.pop(number, None)
        self._oldest = max(self._oldest, first)


@mutable
class _Tally(Mutable):
    """What the exit status of ``check`` is made of, file by file."""

    errors: bool = False
    invalid: bool = False
    disputed: bool = False

    @property
    def status(self) -> Exit:
        if self.errors:
            return Exit.UNREADABLE
        if self.invalid:
            return Exit.INVALID
        return Exit.DISPUTED if self.disputed else Exit.OK


def hand_numbers(indices: list[int]) -> str:
    """``hand 3`` or ``hands 1–3, 5``: hand numbers in order, runs joined by a dash."""
    runs: list[list[int]] = []
    for index in indices:
        if runs and index == runs[-1][-1] + 1:
            runs[-1].append(index)
        else:
            runs.append([index])
    shown = ", ".join(f"{run[0]}–{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs)
    return f"{'hands' if len(indices) > 1 else 'hand'} {shown}"


@mutable
class _Evening(Mutable):
    """What ``check --settle`` settles: the balance summed over every file named, which hands it
    counts, and which it leaves out and why (decision P7)."""

    balance: dict[str, int] = field(default_factory=dict)
    counted: list[str] = field(default_factory=list)
    hands: int = 0
    left_out: list[str] = field(default_factory=list)

    def add(
        self, path: str, balance: dict[str, int], valid: list[int], invalid: list[int], unjudged: list[int]
    ) -> None:
        for player, amount in balance.items():
            self.balance[player] = self.balance.get(player, 0) + amount
        if valid:
            self.counted.append(f"{path} {hand_numbers(valid)}")
            self.hands += len(valid)
        if invalid:
            self.left_out.append(f"{path} {hand_numbers(invalid)} (not valid)")
        if unjudged:
            self.left_out.append(f"{path} {hand_numbers(unjudged)} (not judged under its rules)")

    def lines(self) -> list[str]:
        """The settle-up that ends the report."""
        if not self.hands:
            said = ["settle up: no hand could be counted, so there is nothing to settle"]
        else:
            counted = (
                f"settle up over {self.hands:,} {'hands' if self.hands > 1 else 'hand'} ({'; '.join(self.counted)})"
            )
            transfers = settle_up(self.balance)
            said = [f"{counted}:", *(f"  {a} hands {n:,} to {b}" for a, b, n in transfers)]
            if not transfers:
                said = [f"{counted}: everyone is even"]
        if self.left_out:
            said.append(f"not counted: {'; '.join(self.left_out)}")
        return said


@mutable
class _CheckOutput(Mutable):
    """Where ``check`` writes: the JSON document, or the report on a rich console."""

    console: Any
    document: Any = None
    settle: bool = False
    lang: Lang = "en"
    evening: _Evening = field(default_factory=_Evening)
    currencies: set[str] = field(default_factory=set)
    """The ``[Currency]`` tags of the file's hands, for showing its balance in their money."""


def _check_file(path: str, choice: RulesChoice, out: _CheckOutput, tally: _Tally) -> None:
    """Read, judge and report one file as a stream: each hand is written (to a spool) as soon as it
    is judged, and memory holds a run of hands, never the file nor its verdicts."""
    from .render.report import rendered_hand
    from .render.stream import JsonDocument, Spool

    lines = _KeptLines()
    undecodable: dict[int, SyntaxIssue] = {}
    usage: list[FileError] = []
    usage_texts: list[str] = []
    invalid = disputed = False
    judged = 0
    valid_hands: list[int] = []
    invalid_hands: list[int] = []
    unjudged: list[int] = []
    with Spool() as spool:
        judge: FileJudge | None = None
        unreadable = None
        try:
            with contextlib.ExitStack() as stack:
                try:
                    handle = stack.enter_context(opened_input(path))
                except OSError as error:
                    raise _Unreadable(_cannot_read(path, error)) from None
                judge = FileJudge(
                    lines.keep(decoded_lines(_read_or_say(path, handle), undecodable)),
                    choice,
                    undecodable=undecodable,
                    reader=_reader(),
                )
                for hand, result in judge:
                    lines.forget_before(hand)
                    if isinstance(result, FileError):
                        usage.append(result)
                        usage_texts.append(_usage_text(path, result, lines))
                        unjudged.append(hand.index)
                        continue
                    judged += 1
                    (valid_hands if result.valid else invalid_hands).append(hand.index)
                    out.currencies.add(result.tags.get("Currency", ""))
                    invalid = invalid or not result.valid
                    disputed = disputed or bool(result.discrepancies)
                    if out.document is not None:
                        JsonDocument.hand(spool, dump(result, mode="json", by_alias=True))
                    else:
                        spool.write(rendered_hand(out.console, path, result, lines, out.lang))
        except _Unreadable as error:
            unreadable = str(error)
        if unreadable is not None:
            verdict = FileVerdict(path=path, errors=[FileError(code="unreadable", message=unreadable)])
            out.evening.left_out.append(f"{path} (it could not be read)")
        elif judge is not None and judge.errors:
            verdict = FileVerdict(path=path, errors=_syntax_errors(judge.errors))
            out.evening.left_out.append(f"{path} (a syntax error: none of its hands is judged)")
        else:
            assert judge is not None
            verdict = FileVerdict(path=path, balance=judge.balance, errors=usage)
            tally.invalid = tally.invalid or invalid
            tally.disputed = tally.disputed or disputed
            out.evening.add(path, verdict.balance, valid_hands, invalid_hands, unjudged)
        tally.errors = tally.errors or bool(verdict.errors)
        hands = spool if not verdict.errors or verdict.errors == usage else None
        transfers = settle_up(verdict.balance) if out.settle else None
        if out.document is not None:
            out.document.file(_file_json(verdict, transfers), hands)
            return
        if unreadable is not None:
            click.echo(f"{path}: error: {unreadable}", err=True)
        if judge is not None:
            for issue in judge.errors:
                click.echo(issue.render(path), err=True)
            for notice in judge.warnings:
                click.echo(f"{path}:{notice.line}:{notice.column}: warning: {notice.message}", err=True)
        if hands is not None:
            for text in usage_texts:
                click.echo(text, err=True)
            hands.copy_to(out.console.file)
        from .render.report import print_file_end

        # The settle-up is the evening's, across every file, at the end (decision P7).
        currency = next(iter(out.currencies)) if len(out.currencies) == 1 else None
        out.currencies.clear()
        print_file_end(
            verdict, out.console, None, out.lang, had_hands=hands is not None and judged > 0, currency=currency or None
        )


@cli.command(short_help="Judge every hand: legality, scores, who pays whom, the balance.")
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as JSON (GSN §8).")
@click.option("--rules", "rules_name", metavar="NAME", help="Judge under this profile instead of the file's.")
@click.option("--set", "sets", multiple=True, metavar="KNOB=VALUE", help="Override one knob (repeatable).")
@click.option(
    "--settle", is_flag=True, help="End with the fewest transfers that clear the balance of every file named, together."
)
@click.option("--no-color", is_flag=True, help="No colours (also when NO_COLOR is set).")
def check(
    files: tuple[str, ...],
    as_json: bool,
    rules_name: str | None,
    sets: tuple[str, ...],
    settle: bool,
    no_color: bool,
) -> None:
    """Judge every hand of FILES: legality, scores, who pays whom, and each file's balance.

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
    from .render.stream import JsonDocument

    choice = _rules_choice(rules_name, sets)
    console = _console(no_color=no_color, emoji=False, markup=False)
    document = JsonDocument(sys.stdout, SCHEMA_VERSION) if as_json else None
    out = _CheckOutput(console, document, settle, _lang())
    tally = _Tally()
    for path in files:
        _check_file(path, choice, out, tally)
    if document is not None:
        document.close()
    elif settle:
        from rich.text import Text

        head, *rest = out.evening.lines()
        console.print(Text(sentence(head, out.lang), style="bold"))
        for line in rest:
            console.print(Text(sentence(line, out.lang)))
    sys.exit(tally.status)


@cli.command(short_help="The same hands under several rules profiles, side by side.")
@click.argument("file", type=click.Path(allow_dash=True))
@click.option("--rules", "names", required=True, metavar="A,B,C", help="The profiles to compare, comma-separated.")
@click.option("--json", "as_json", is_flag=True, help="Print every profile's verdict as JSON.")
def compare(file: str, names: str, as_json: bool) -> None:
    """Show each hand's payments under several rules profiles side by side (a what-if).

    Examples:

    \b
      gostop-arbiter compare last-night.gsn --rules standard,gamerules,wikipedia
    """
    from .render.compare import compare_table

    profiles = [n.strip() for n in names.split(",") if n.strip()]
    for name in profiles:
        _rules_choice(name, ())
    source = load(file)
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
    sys.exit(_status(list(verdicts.values())))


@cli.command(short_help="List the rules profiles, or every knob of one.")
@click.argument("name", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
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
        raise click.UsageError(str(error)) from None
    if as_json:
        _print_json(profile_json(profile))
    else:
        _console().print(knobs_table(profile, knob_rows(profile), _lang()))


@cli.command(short_help="Play random legal hands and write them as GSN.")
@click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True, help="Seats at the table.")
@click.option("--rules", "rules_name", default="standard", show_default=True, metavar="NAME", help="Rules profile.")
@click.option("--seed", type=int, default=0, show_default=True, help="The same seed gives the same hands.")
@click.option("--hands", type=click.IntRange(1), default=1, show_default=True, help="Hands in the session.")
@click.option("--hide", metavar="PLAYER", help="Write this player's dealt cards as unseen (?).")
@click.option("--stake", type=click.IntRange(0), default=1, show_default=True, help="Money per point.")
@click.option("--tamper", type=click.Choice(sorted(TAMPER_KINDS)), help="Put one deliberate fault in each hand.")
@click.option("-o", "--output", type=click.Path(), help="Write here instead of standard output.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
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
    from .render.progress import progress_bar
    from .tools.simulate import NAMES, simulate_session
    from .tools.tamper import CannotTamper

    try:
        profile = resolve(rules_name, {})
    except RulesError as error:
        raise click.UsageError(str(error)) from None
    if hide is not None and hide not in NAMES[:players]:
        raise click.BadParameter(f"{hide} is not at the table ({', '.join(NAMES[:players])})", param_hint="--hide")
    if players == 4 and profile.game != "minhwatu" and profile.four_players.mode == "unplayable":
        raise click.UsageError(f"the {profile.name} rules have no four-player hand")
    session = simulate_session(profile, players=players, hands=hands, seed=seed, hide=hide, stake=stake, tamper=tamper)
    # The bar goes to a terminal only, and never while GSN itself is written to one.
    quiet = quiet or output is None or not sys.stdout.isatty()
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(output_file(output)) if output is not None else sys.stdout
        advance = stack.enter_context(progress_bar(say("simulating", _lang()), hands, quiet=quiet))
        try:
            for i, hand in enumerate(session):
                out.write(("\n" if i else "") + "\n".join(write_hand(hand)) + "\n")
                advance()
        except CannotTamper as error:
            raise click.UsageError(str(error)) from None


@cli.command(short_help="Validate many files or folders in parallel, and summarise them.")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, allow_dash=True))
@click.option("--jobs", type=click.IntRange(1), help="Processes to use (default: one per core).")
@click.option("--jsonl", "jsonl", type=click.Path(), help="Write one verdict per hand here.")
@click.option("--rules", "rules_name", metavar="NAME", help="Judge under this profile instead of each file's.")
@click.option("--set", "sets", multiple=True, metavar="KNOB=VALUE", help="Override one knob (repeatable).")
@click.option("--scheduler", metavar="ADDRESS", help="Run on a dask.distributed cluster (the dask extra).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def audit(
    paths: tuple[str, ...],
    jobs: int | None,
    jsonl: str | None,
    rules_name: str | None,
    sets: tuple[str, ...],
    scheduler: str | None,
    quiet: bool,
) -> None:
    """Validate many files, or every .gsn file below a folder, and summarise them.

    Exit status as for check: 0 all valid, 1 a hand breaks a rule, 2 something could not be read,
    3 all valid but the table's claims are contradicted, 4 the JSONL cannot be written (checked
    before any file is judged), 130 interrupted (Ctrl-C), 143 terminated (SIGTERM).

    Examples:

    \b
      gostop-arbiter audit samples/
      gostop-arbiter audit samples/ --jobs 4 --jsonl verdicts.jsonl
    """
    from .render.progress import progress_bar
    from .tools.audit import audit as run_audit
    from .tools.audit import gsn_files
    from .tools.summary import summary_table

    choice = _rules_choice(rules_name, sets)
    files = gsn_files(paths)
    done = 0
    try:
        with progress_bar(
            say("auditing", _lang()), len(files), quiet=quiet or not sys.stdout.isatty(), unit=say("files", _lang())
        ) as bar:

            def advance(n: int = 1) -> None:
                nonlocal done
                done += n
                bar(n)

            if scheduler:
                from .tools.audit import audit_on_cluster

                try:
                    total = audit_on_cluster(files, scheduler, choice=choice, jsonl=jsonl, advance=advance)
                except (RuntimeError, OSError) as error:
                    raise click.UsageError(str(error)) from None
            else:
                total = run_audit(files, choice=choice, jobs=jobs, jsonl=jsonl, advance=advance)
    except (KeyboardInterrupt, Terminated):
        unwritten = f"; {jsonl} was not written" if jsonl is not None else ""
        if jsonl and os.path.exists(jsonl):
            unwritten += " (what it holds is from an earlier run)"
        click.echo(f"the audit stopped after {done:,} of {len(files):,} files{unwritten}", err=True)
        raise
    _console().print(summary_table(total, len(files)))
    for said in total.not_judged:
        click.echo(said, err=True)
    if total.unreadable:
        sys.exit(Exit.UNREADABLE)
    if total.valid < total.hands:
        sys.exit(Exit.INVALID)
    sys.exit(Exit.DISPUTED if total.disputed else Exit.OK)


@cli.command(short_help="Show the table after each turn of a played hand.")
@click.argument("file", type=click.Path(allow_dash=True))
@click.option(
    "--hand", "hand_index", type=click.IntRange(1), default=1, show_default=True, help="Which hand of the file."
)
@click.option("--turn", "turn_index", type=click.IntRange(0), help="Show only the table after this turn (0: as dealt).")
@click.option("--no-color", is_flag=True, help="No colours (also when NO_COLOR is set).")
def replay(file: str, hand_index: int, turn_index: int | None, no_color: bool) -> None:
    """Show the table after each turn of a played hand: hands, table, piles, scores, and what happened.

    Examples:

    \b
      gostop-arbiter replay samples/matgo-korean-names.gsn
      gostop-arbiter replay samples/matgo-nagari-then-carry.gsn --hand 2 --turn 0
    """
    from .judging.file import RulesChoice, Session
    from .render.replay import SnapshotVisitor, snapshot_view

    source = load(file)
    if not source.ok:
        _report_errors(source)
        sys.exit(Exit.UNREADABLE)
    # The snapshots come as the hand is judged, in one replay; the first is the table as dealt (turn 0,
    # as the HTML replay's step 0).
    taken = SnapshotVisitor(deal=True, only=hand_index)
    session = Session(RulesChoice(), taken)
    console = _console(no_color=no_color)
    for hand in source.hands:  # earlier hands decide this one's dealer and carry
        verdict = session.judge(hand)
        if hand.index != hand_index:
            continue
        if isinstance(verdict, FileError) or hand.kind == "tally":
            raise click.UsageError(f"hand {hand_index} of {file} is not a played hand that can be replayed")
        snaps = taken.taken.get(hand_index, [])
        shown = [snap for snap in snaps if turn_index is None or snap.turn == turn_index]
        if not shown:
            last = max((snap.turn for snap in snaps), default=0)
            raise click.UsageError(
                f"hand {hand_index} has no turn {turn_index}: it has {last} {'turn' if last == 1 else 'turns'}, "
                f"1 to {last}, and 0 is the table as dealt"
            )
        for snap in shown:
            console.print(snapshot_view(snap, _lang()))
            console.print()
        return
    raise click.UsageError(f"{file} has no hand {hand_index}")


@cli.command(short_help="Write an HTML page that replays each hand turn by turn.")
@click.argument("file", type=click.Path(allow_dash=True))
@click.option("-o", "--output", required=True, type=click.Path(), help="The HTML file.")
@click.option("--rules", "rules_name", metavar="NAME", help="Judge under this profile instead of the file's.")
@click.option("--set", "sets", multiple=True, metavar="KNOB=VALUE", help="Override one knob (repeatable).")
def render(file: str, output: str, rules_name: str | None, sets: tuple[str, ...]) -> None:
    """Write one self-contained HTML page that replays each hand turn by turn, with the verdict.

    Examples:

    \b
      gostop-arbiter render samples/matgo-korean-names.gsn -o replay.html
      gostop-arbiter render samples/matgo-korean-names.gsn -o replay.html --lang ko
    """
    from .render.html import render_html
    from .render.replay import SnapshotVisitor

    choice = _rules_choice(rules_name, sets)
    with output_file(output) as handle:  # made first: an output that cannot be written is said at once
        source = load(file)
        if not source.ok:
            _report_errors(source)
            sys.exit(Exit.UNREADABLE)
        taken = SnapshotVisitor(deal=True)  # each hand's steps, taken as it is judged
        verdict = judge_file(source.path, source.hands, choice, visitor=taken)
        lines = normalise_lines(source.text)
        _report_usage(verdict, lines)
        handle.write(render_html(source.path, source.hands, verdict, taken.taken, lang=_lang(), choice=choice))
    click.echo(f"wrote {output}", err=True)
    sys.exit(_status([verdict]))


@cli.command(short_help="Record a game live at the table: a web page for phones on the same Wi-Fi.")
@click.argument("evening", type=click.Path(dir_okay=False))
@click.option("--rules", "rules_name", metavar="NAME", help="The rules a new evening starts with.")
@click.option("--set", "sets", multiple=True, metavar="KNOB=VALUE", help="A knob to start with (repeatable).")
@click.option("--host", default="0.0.0.0", show_default=True, help="Listen here (127.0.0.1: this machine only).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="Port (0: any free one).")
@click.option("--new-links", is_flag=True, help="New tokens: the links printed before stop working.")
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

    sys.exit(run_table(evening, rules_name, _parse_sets(sets), host=host, port=port, new_links=new_links))


@cli.command(short_help="Print the JSON Schema of a verdict, a transcript or a profile.")
@click.argument("what", type=click.Choice(["verdict", "transcript", "profile"]), default="verdict")
def schema(what: str) -> None:
    """Print the JSON Schema of the verdict (check --json), the transcript (parse --json) or a profile.

    Examples:

    \b
      gostop-arbiter schema verdict
      gostop-arbiter schema transcript
    """
    from .schemas import json_schema

    _print_json(json_schema(what))


class Terminated(BaseException):
    """SIGTERM, raised where the command is, so that it cleans up on the way out as on Ctrl-C."""


def _terminate(signum: int, frame: FrameType | None) -> None:
    signal.signal(signal.SIGTERM, _end_now)  # a second SIGTERM, during the clean-up, ends at once
    raise Terminated


def _end_now(signum: int, frame: FrameType | None) -> None:
    """SIGTERM once the command is cleaning up or finished (the interpreter's own shutdown, which
    waits for threads): exit 143 at once, with no traceback."""
    os._exit(Exit.TERMINATED)


def _quiet_stdout() -> None:
    """After a failed write to standard output, send what is left of it nowhere, so that the
    interpreter's last flush does not fail again with a traceback."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _run() -> int:
    _speak(_asked_lang(sys.argv[1:]) or lang_from_env())
    try:
        try:
            returned = cli.main(prog_name="gostop-arbiter", standalone_mode=False)
            status = returned if isinstance(returned, int) else 0
        except SystemExit as end:
            status = end.code if isinstance(end.code, int) else 0 if end.code is None else Exit.UNREADABLE
        if sys.stdout is not None:
            sys.stdout.flush()  # a full disk or a closed pipe shows here, not in the interpreter's last flush
        return status
    except (_PipeClosed, BrokenPipeError):  # the reader has all it wanted (decision P4)
        _quiet_stdout()
        return Exit.PIPE_CLOSED
    except (KeyboardInterrupt, click.exceptions.Abort):
        click.echo("interrupted", err=True)
        return Exit.INTERRUPTED
    except Terminated:
        click.echo("terminated", err=True)
        return Exit.TERMINATED
    except click.ClickException as error:
        error.show()
        return error.exit_code
    except OutputError as error:
        click.echo(f"Error: {error}", err=True)
        return Exit.OUTPUT
    except OSError as error:  # a write to standard output or error (every file the commands open says its name)
        _quiet_stdout()
        name = error.filename if error.filename is not None else "standard output"
        click.echo(f"Error: cannot write {name}: {reason_of(error)}", err=True)
        return Exit.OUTPUT


def main() -> None:
    """Entry point of the console script: the exit statuses of :class:`Exit`, and one line, never a
    traceback, for a failure outside the transcript (an output that cannot be written, Ctrl-C)."""
    signal.signal(signal.SIGTERM, _terminate)
    status = _run()
    signal.signal(signal.SIGTERM, _end_now)
    sys.exit(status)


# ---- --lang on every command ------------------------------------------------------------------

_LANG: list[Lang] = ["en"]
"""The language the command speaks (``--lang``, else the locale's): one per process."""


def _lang() -> Lang:
    return _LANG[0]


class _SaidIn(io.TextIOBase):
    """Standard error in the reader's language: each whole line the message catalogue has a pattern
    for is said in it as it is written (decision P23); the rest (a source line, a caret) is left."""

    def __init__(self, stream: IO[str], lang: Lang) -> None:
        super().__init__()
        self.stream, self.lang, self.pending = stream, lang, ""

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.stream, "encoding", "utf-8")

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return getattr(self.stream, "errors", None)

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError("standard error takes text")  # as click probes a stream for bytes
        from .messages import sentence

        self.pending += text
        while "\n" in self.pending:
            line, self.pending = self.pending.split("\n", 1)
            self.stream.write(sentence(line, self.lang) + "\n")
        return len(text)

    def flush(self) -> None:
        if self.pending:  # a line not ended (a progress bar drawing itself) goes as it is
            self.stream.write(self.pending)
            self.pending = ""
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    def writable(self) -> bool:
        return True


def _speak(lang: Lang) -> None:
    """Speak ``lang`` from now on: in what the commands print, and on standard error."""
    _LANG[0] = lang
    stderr = sys.stderr
    if isinstance(stderr, _SaidIn):
        stderr.flush()
        stderr = stderr.stream
    if stderr is not None:
        sys.stderr = _SaidIn(stderr, lang) if lang != "en" else stderr


def _asked_lang(args: list[str]) -> Lang | None:
    """The ``--lang`` of the command line, read before click parses it, so that an error click
    finds while parsing (an unknown option) is said in that language too."""
    for i, arg in enumerate(args):
        value = arg.removeprefix("--lang=") if arg.startswith("--lang=") else None
        if arg == "--lang" and i + 1 < len(args):
            value = args[i + 1]
        if value in LANGS:
            return value
    return None


def _choose_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    _speak(cast(Lang, value) if value else lang_from_env())


for _command in cli.commands.values():
    _command.params.insert(
        0,
        click.Option(
            ["--lang"],
            type=click.Choice(LANGS),
            callback=_choose_lang,
            expose_value=False,
            is_eager=True,
            help="Speak English or Korean (default: from LC_ALL, LC_MESSAGES or LANG).",
        ),
    )
