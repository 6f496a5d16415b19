"""The ``gostop-arbiter`` command. It reads files, calls the layers below and prints; no rules here."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from dataclasses import field
from typing import Any, cast

import click

from .arbiter import RulesChoice, judge_file, judge_lines
from .exitcodes import Exit
from .notation import GsnSyntaxError, Hand, SyntaxIssue, normalise_lines, read_hands, write_hand, write_transcript
from .notation.model import Notice, Transcript
from .notation.reader import decode, paused_gc
from .notation.writer import SPELLINGS, Script, script_of
from .records import Mutable, dump, mutable
from .render.words import Lang
from .rules import PROFILES, RulesError, profile_named, resolve
from .settle import settle_up
from .tamper import TAMPER_KINDS
from .verdict import SCHEMA_VERSION, FileError, FileVerdict

STDIN = "-"


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


def read_source(path: str) -> SourceFile:
    """Read one file's text (not yet parsed); never raises for anything the file or the disk may hold."""
    source = SourceFile(path)
    try:
        source.text = decode(_read_bytes(path))
    except OSError as error:
        source.unreadable = f"cannot read {path}: {error.strerror or error}"
    except GsnSyntaxError as error:
        source.errors = error.issues
    return source


def load(path: str) -> SourceFile:
    """Read and parse one file; never raises for anything the file or the disk may hold."""
    source = read_source(path)
    if not source.ok:
        return source
    with paused_gc():
        for result in read_hands(normalise_lines(source.text)):
            source.errors.extend(result.errors)
            if result.hand is not None:
                source.hands.append(result.hand)
                source.warnings.extend(result.hand.warnings)
    return source


def load_and_judge(path: str, choice: RulesChoice) -> tuple[SourceFile, FileVerdict]:
    """Read, parse and judge one file hand by hand (the transcript is never held whole)."""
    source = read_source(path)
    if not source.ok:
        return source, _judge(source, choice)
    judged = judge_lines(path, normalise_lines(source.text), choice)
    source.errors, source.warnings = judged.errors, judged.warnings
    return source, judged.verdict if source.ok else _judge(source, choice)


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


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(None, "--version", package_name="gostop-arbiter", prog_name="gostop-arbiter")
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
            entry["hands"] = [dump(hand, mode="json") for hand in source.hands]
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
@click.option("--ascii", "script", flag_value="ascii", help="Write every word in ASCII (8g, go, deal).")
@click.option("--korean", "script", flag_value="korean", help="Write every word in Korean (공산광, 고, 패).")
def fmt(files: tuple[str, ...], check: bool, script: Script | None) -> None:
    """Rewrite FILES in canonical GSN (- writes standard input's canonical form to standard output).

    Each file keeps the script it is written in (ASCII codes such as 8g, or Korean words such as
    공산광), unless --ascii or --korean says which to write. Comments are kept; a file with a syntax
    error is left as it is.
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
                with open(source.path, "w", encoding="utf-8", newline="\n") as handle:
                    handle.write(canonical)
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
    choice = RulesChoice(name, _parse_sets(sets))
    try:
        resolve(name or "standard", dict(choice.sets))
    except RulesError as error:
        raise click.UsageError(str(error)) from None
    return choice


def _judge(source: SourceFile, choice: RulesChoice) -> FileVerdict:
    if not source.ok:
        if source.unreadable is not None:
            return FileVerdict(path=source.path, errors=[FileError(code="unreadable", message=source.unreadable)])
        errors = [FileError(code="syntax", line=i.line, column=i.column, message=i.message) for i in source.errors]
        return FileVerdict(path=source.path, errors=errors)
    return judge_file(source.path, source.hands, choice)


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


def _report_usage(verdict: FileVerdict, lines: list[str]) -> None:
    for error in verdict.errors:
        if error.code == "usage":
            issue = SyntaxIssue(
                code="usage",
                line=error.line or 1,
                column=error.column or 1,
                message=error.message,
                source=lines[(error.line or 1) - 1] if lines else "",
            )
            click.echo(issue.render(verdict.path), err=True)


@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as JSON (GSN §8).")
@click.option("--rules", "rules_name", metavar="NAME", help="Judge under this profile instead of the file's.")
@click.option("--set", "sets", multiple=True, metavar="KNOB=VALUE", help="Override one knob (repeatable).")
@click.option("--settle", is_flag=True, help="End with the fewest transfers that clear each file's balance.")
@click.option(
    "--lang", type=click.Choice(["en", "ko"]), default="en", show_default=True, help="Terms in English or Korean."
)
@click.option("--no-color", is_flag=True, help="No colours (also when NO_COLOR is set).")
def check(
    files: tuple[str, ...],
    as_json: bool,
    rules_name: str | None,
    sets: tuple[str, ...],
    settle: bool,
    lang: str,
    no_color: bool,
) -> None:
    """Judge every hand of FILES: legality, scores, who pays whom, and each file's balance.

    Exit status: 0 all valid; 1 a hand breaks a rule; 2 a file cannot be read or parsed (or misuse);
    3 all valid, but the table's claims or marks are contradicted.
    """
    from rich.console import Console

    from .render.report import print_file

    choice = _rules_choice(rules_name, sets)
    console = Console(no_color=no_color or None, highlight=False, emoji=False, markup=False)
    verdicts: list[FileVerdict] = []
    documents: list[dict[str, Any]] = []
    for path in files:
        source, verdict = load_and_judge(path, choice)
        verdicts.append(verdict)
        transfers = settle_up(verdict.balance) if settle else None
        if as_json:
            documents.append(_file_json(verdict, transfers))
            continue
        _report_errors(source)
        _report_warnings(source)
        lines = normalise_lines(source.text) if source.text else []
        _report_usage(verdict, lines)
        print_file(verdict, lines, console, transfers, cast(Lang, lang))
    if as_json:
        _print_json({"schema_version": SCHEMA_VERSION, "files": documents})
    sys.exit(_status(verdicts))


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--rules", "names", required=True, metavar="A,B,C", help="The profiles to compare, comma-separated.")
@click.option("--json", "as_json", is_flag=True, help="Print every profile's verdict as JSON.")
def compare(file: str, names: str, as_json: bool) -> None:
    """Show each hand's payments under several rules profiles side by side (a what-if)."""
    from rich.console import Console

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
        Console().print(compare_table(source.path, verdicts))
    sys.exit(_status(list(verdicts.values())))


@cli.command()
@click.argument("name", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
def rules(name: str | None, as_json: bool) -> None:
    """List the rules profiles, or every knob of profile NAME with its value and meaning."""
    from rich.console import Console

    from .render.rules import knob_rows, knobs_table, profile_json, profiles_table

    if name is None:
        if as_json:
            _print_json({"profiles": {p.name: p.summary for p in PROFILES.values()}})
        else:
            Console().print(profiles_table())
        return
    try:
        profile = profile_named(name)
    except RulesError as error:
        raise click.UsageError(str(error)) from None
    if as_json:
        _print_json(profile_json(profile))
    else:
        Console().print(knobs_table(profile, knob_rows(profile)))


@cli.command()
@click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True, help="Seats at the table.")
@click.option("--rules", "rules_name", default="standard", show_default=True, metavar="NAME", help="Rules profile.")
@click.option("--seed", type=int, default=0, show_default=True, help="The same seed gives the same hands.")
@click.option("--hands", type=click.IntRange(1), default=1, show_default=True, help="Hands in the session.")
@click.option("--hide", metavar="PLAYER", help="Write this player's dealt cards as unseen (?).")
@click.option("--stake", type=click.IntRange(0), default=1, show_default=True, help="Money per point.")
@click.option("--tamper", type=click.Choice(sorted(TAMPER_KINDS)), help="Put one deliberate fault in each hand.")
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False, writable=True), help="Write here instead of standard output."
)
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
    """Play random legal hands and write them as GSN (a session when --hands > 1)."""
    from .render.progress import progress_bar
    from .simulate import NAMES, simulate_session
    from .tamper import CannotTamper

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
        out = stack.enter_context(open(output, "w", encoding="utf-8", newline="\n")) if output else sys.stdout
        advance = stack.enter_context(progress_bar("simulating", hands, quiet=quiet))
        try:
            for i, hand in enumerate(session):
                out.write(("\n" if i else "") + "\n".join(write_hand(hand)) + "\n")
                advance()
        except CannotTamper as error:
            raise click.UsageError(str(error)) from None


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--jobs", type=click.IntRange(1), help="Processes to use (default: one per core).")
@click.option(
    "--jsonl", "jsonl", type=click.Path(dir_okay=False, writable=True), help="Write one verdict per hand here."
)
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
    3 all valid but the table's claims are contradicted.
    """
    from rich.console import Console

    from .audit import audit as run_audit
    from .audit import gsn_files
    from .render.progress import progress_bar
    from .render.summary import summary_table

    choice = _rules_choice(rules_name, sets)
    files = gsn_files(paths)
    with progress_bar("auditing", len(files), quiet=quiet or not sys.stdout.isatty(), unit="files") as advance:
        if scheduler:
            from .audit import audit_on_cluster

            try:
                total = audit_on_cluster(files, scheduler, choice=choice, jsonl=jsonl, advance=advance)
            except (RuntimeError, OSError) as error:
                raise click.UsageError(str(error)) from None
        else:
            total = run_audit(files, choice=choice, jobs=jobs, jsonl=jsonl, advance=advance)
    Console().print(summary_table(total, len(files)))
    if total.unreadable:
        sys.exit(Exit.UNREADABLE)
    if total.valid < total.hands:
        sys.exit(Exit.INVALID)
    sys.exit(Exit.DISPUTED if total.disputed else Exit.OK)


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option(
    "--hand", "hand_index", type=click.IntRange(1), default=1, show_default=True, help="Which hand of the file."
)
@click.option("--turn", "turn_index", type=click.IntRange(1), help="Show only the table after this turn.")
@click.option(
    "--lang", type=click.Choice(["en", "ko"]), default="en", show_default=True, help="Terms in English or Korean."
)
@click.option("--no-color", is_flag=True, help="No colours (also when NO_COLOR is set).")
def replay(file: str, hand_index: int, turn_index: int | None, lang: str, no_color: bool) -> None:
    """Show the table after each turn of a played hand: hands, table, piles, scores, and what happened."""
    from rich.console import Console

    from .arbiter import RulesChoice, Session
    from .render.replay import snapshot_view, snapshots

    source = load(file)
    if not source.ok:
        _report_errors(source)
        sys.exit(Exit.UNREADABLE)
    session = Session(RulesChoice())
    console = Console(no_color=no_color or None, highlight=False)
    for hand in source.hands:  # earlier hands decide this one's dealer and carry
        verdict = session.judge(hand)
        if hand.index != hand_index:
            continue
        if isinstance(verdict, FileError) or hand.kind == "tally":
            raise click.UsageError(f"hand {hand_index} of {file} is not a played hand that can be replayed")
        profile = RulesChoice().profile_for(hand)
        shown = 0
        for snap in snapshots(hand, profile, verdict.dealer or hand.seats[0]):
            if turn_index is None or snap.turn == turn_index:
                console.print(snapshot_view(snap, cast(Lang, lang)))
                console.print()
                shown += 1
        if turn_index is not None and not shown:
            raise click.UsageError(f"hand {hand_index} has no turn {turn_index}")
        return
    raise click.UsageError(f"{file} has no hand {hand_index}")


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False, writable=True), help="The HTML file.")
@click.option("--rules", "rules_name", metavar="NAME", help="Judge under this profile instead of the file's.")
@click.option("--set", "sets", multiple=True, metavar="KNOB=VALUE", help="Override one knob (repeatable).")
def render(file: str, output: str, rules_name: str | None, sets: tuple[str, ...]) -> None:
    """Write one self-contained HTML page that replays each hand turn by turn, with the verdict."""
    from .render.html import render_html

    choice = _rules_choice(rules_name, sets)
    source = load(file)
    if not source.ok:
        _report_errors(source)
        sys.exit(Exit.UNREADABLE)
    verdict = judge_file(source.path, source.hands, choice)
    lines = normalise_lines(source.text)
    _report_usage(verdict, lines)
    profiles = [choice.profile_for(hand) for hand in source.hands]
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(render_html(source.path, source.hands, verdict, profiles))
    click.echo(f"wrote {output}", err=True)
    sys.exit(_status([verdict]))


@cli.command()
@click.argument("what", type=click.Choice(["verdict", "transcript", "profile"]), default="verdict")
def schema(what: str) -> None:
    """Print the JSON Schema of the verdict (check --json), the transcript (parse --json) or a profile."""
    from .schemas import json_schema

    _print_json(json_schema(what))


def main() -> None:
    """Entry point of the console script: usage errors exit 2, as GSN §8 says."""
    try:
        cli.main(prog_name="gostop-arbiter", standalone_mode=True)
    except KeyboardInterrupt:
        sys.exit(130)
