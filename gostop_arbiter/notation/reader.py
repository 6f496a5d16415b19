"""Reading GSN text into hands: one hand at a time, every broken line reported.

The reader cuts the text into hands (a tag line that follows a statement starts a new hand),
parses each hand with the LALR parser, and when a hand has a syntax error parses it again line by
line so that every broken line is reported, not only the first. It then checks what the grammar
cannot: tags and the settings they carry from hand to hand, the names at the table, and which
lines a played or a tally hand may hold (GSN §3, §6). Hands are yielded as they are read, so a
file of any length is read in constant memory.
"""

from __future__ import annotations

import functools
import io
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import field
from typing import Any, Protocol, cast

from lark import Lark, UnexpectedInput

from ..errors import ArbiterError
from ..messages import Message
from ..numbers import money_amount, shown, whole_number
from ..records import mutable
from . import korean
from .errors import SyntaxIssue, describe, did_you_mean, issue, later_non_cards, letters
from .grammar import ParserChoice, build_parser, cython_plugins
from .memo import LineMemo, LocatedProblem
from .model import (
    Bomb,
    Claim,
    DealLine,
    Hand,
    HandKind,
    Notice,
    PileLine,
    Shake,
    Statement,
    StockLine,
    TableLine,
    Tag,
    Transcript,
)
from .said import NOTICES, SYNTAX
from .transformer import KNOWN_TAGS, RESERVED_NAMES, GsnTransformer

_NAME = re.compile(r"(?![bB]\d+(?![\w-]))[^\W\d_][\w-]*")

MAX_TAG_VALUE = 10_000
"""The most characters a tag's value may hold (decision H1). A real table's longest tag, an Event
or a Note, is a line or two; past this the value is a located syntax error and is not parsed, so
that what one tag can cost is bounded (the grammar's pattern for a quoted value takes memory in
proportion to its length, about a kilobyte a character)."""

_TAG_OPENING = re.compile(r'[ \t]*\[[ \t]*[A-Za-z0-9_.]+[ \t]*"')
_QUOTED = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*')
"""A quoted value up to its closing quote, in a form that runs in constant memory."""

JUDGING_TAGS = ("Seats", "Dealer", "Rules", "Set", "Stake", "Carry")
"""The tags that change how a hand is judged; a misspelling of one may leave the hand judged
under the wrong rules or seats."""


class GsnSyntaxError(ArbiterError):
    """The text of a file is not valid GSN; ``issues`` lists every located error."""

    def __init__(self, issues: list[SyntaxIssue]) -> None:
        super().__init__("\n".join(f"{i.line}:{i.column}: {i.message}" for i in issues))
        self.issues = issues


@mutable
class HandResult:
    """What the reader made of one hand: the hand, or the errors that stop it."""

    hand: Hand | None
    errors: list[SyntaxIssue] = field(default_factory=list)


@mutable
class _Settings:
    """The tags that carry over from one hand to the next (GSN §3)."""

    seats: list[str] | None = None
    rules: str = "standard"
    sets: dict[str, str] = field(default_factory=dict)
    stake: int = 1


@mutable
class _Chunk:
    """The lines of one hand, as cut from the text, and the number of its first line."""

    first_line: int
    lines: list[str]


def normalise_lines(text: str) -> list[str]:
    """The lines of a GSN text as the parser sees them: NFKC, no byte-order mark, LF ends."""
    if text.startswith("\ufeff"):
        text = text[1:]
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return [unicodedata.normalize("NFKC", line) for line in text.split("\n")]


def _kind_of_line(line: str) -> str:
    stripped = line.lstrip()
    if not stripped or stripped.startswith("#"):
        return "blank"
    return "tag" if stripped.startswith("[") else "statement"


def _chunks(lines: Iterable[str]) -> Iterator[_Chunk]:
    """Cut lines into hands. Comment lines between two hands belong to the second."""
    current: _Chunk | None = None
    has_statement = False
    pending: list[str] = []
    pending_start = 1
    for number, line in enumerate(lines, start=1):
        kind = _kind_of_line(line)
        if kind == "blank":
            if not pending:
                pending_start = number
            pending.append(line)
            continue
        if current is None or (kind == "tag" and has_statement):
            if current is not None:
                yield current
            current = _Chunk(pending_start if pending else number, [*pending, line])
            has_statement = False
        else:
            current.lines.extend(pending)
            current.lines.append(line)
        pending = []
        has_statement = has_statement or kind == "statement"
    if current is not None:
        current.lines.extend(pending)
        yield current


class Reader:
    """What reads GSN text: its parsers, their transformer and its memory of lines (decision B14),
    all its own, so that reading changes nothing outside it. A reader is used by one thread at a
    time; make one for each thread, and keep one for a run of files, whose lines it then remembers.

    ``parser`` chooses the parser of whole hands: ``auto``, lark-cython's where it is installed
    (decision C11), or ``pure``, Lark's own in Python. Each broken hand, and each single statement,
    is read by Lark's own, whose errors are the ones reported."""

    def __init__(self, *, parser: ParserChoice = "auto") -> None:
        self.parser: ParserChoice = parser
        self.memo = LineMemo()
        self._pure: tuple[Lark, GsnTransformer] | None = None
        self._fast: tuple[Lark, GsnTransformer] | None = None

    def hands(self, lines: Iterable[str], undecodable: Mapping[int, SyntaxIssue] | None = None) -> Iterator[HandResult]:
        """Read normalised lines (see :func:`normalise_lines`) hand by hand. ``undecodable`` holds the
        error of each line that was not UTF-8 (see :func:`decoded_lines`), filled as the lines are
        read: that error stands for its line, in place of whatever the parser makes of it."""
        settings = _Settings()
        index = 0
        for index, chunk in enumerate(_chunks(lines), start=1):
            items, trailing, errors = self._parse_hand(chunk)
            hand, more = _assemble(items, trailing, settings, index, chunk, broken=bool(errors))
            errors.extend(more)
            if undecodable:
                errors = _with_undecodable(errors, chunk, undecodable)
            errors.sort(key=lambda e: (e.line, e.column))
            yield HandResult(None if errors else hand, errors)
        if index == 0:
            yield HandResult(None, [issue(1, 1, SYNTAX("no-hand"))])

    def text(self, text: str) -> Transcript:
        """Parse a whole GSN text; raises :class:`GsnSyntaxError` with every error found."""
        hands: list[Hand] = []
        issues: list[SyntaxIssue] = []
        for result in self.hands(normalise_lines(text)):
            issues.extend(result.errors)
            if result.hand is not None:
                hands.append(result.hand)
        if issues:
            raise GsnSyntaxError(issues)
        return Transcript(hands=hands)

    def statement(
        self, text: str, *, seats: Sequence[str], before: Sequence[Statement] = (), line: int = 1
    ) -> Statement:
        """One statement of a played hand, written as one line of GSN (python-chess's
        ``parse_san``): parsed as the reader parses a hand's line numbered ``line``, then checked
        against the hand it joins, as the reader checks a hand's lines against each other (the
        seats, a deal line after play has begun or given twice, a line of a tally hand). Raises
        :class:`GsnSyntaxError` with every located error."""
        lines = normalise_lines(text)
        source = lines[0] if lines else ""
        if len(lines) != 1 or _kind_of_line(source) != "statement":
            raise GsnSyntaxError([issue(line, 1, SYNTAX("one-statement"), source)])
        chunk = _Chunk(line, [source])
        items, _trailing, errors = self._parse_lines(chunk)
        if errors:
            raise GsnSyntaxError(errors)
        item = items[0]
        check = _Assembler(chunk)
        if _hand_kind(item) == "tally":
            check.error(line, item.column, SYNTAX("tally-line-on-board"))
        check.check_order([*before, item])
        check.check_names([item], list(seats), from_tag=True)
        mine = [issue for issue in check.errors if issue.line == line]
        if mine:
            raise GsnSyntaxError(mine)
        statement: Statement = item
        return statement

    # ---- parsing ---------------------------------------------------------------------------

    def _pure_parser(self) -> tuple[Lark, GsnTransformer]:
        """Lark's own parser, and its transformer."""
        if self._pure is None:
            transformer = GsnTransformer()
            self._pure = build_parser(transformer), transformer
        return self._pure

    def _is_card(self, word: str) -> bool:
        """Whether the grammar reads ``word`` as a card (its CARD terminal matches it whole)."""
        parser, _transformer = self._pure_parser()
        terminal = parser.get_terminal("CARD").pattern
        return re.fullmatch(terminal.to_regexp(), word, re.IGNORECASE if "i" in terminal.flags else 0) is not None

    def _hand_parser(self) -> tuple[Lark, GsnTransformer]:
        """The parser of whole hands, and its transformer."""
        if self.parser == "pure":
            return self._pure_parser()
        if self._fast is None:
            if cython_plugins():
                transformer = GsnTransformer()
                self._fast = build_parser(transformer, fast=True), transformer
            else:  # lark-cython is not installed: Lark's own parser reads every hand
                self._fast = self._pure_parser()
        return self._fast

    def _parse_hand(self, chunk: _Chunk) -> tuple[list[Any], list[str], list[SyntaxIssue]]:
        """The line items of a hand, the comments after its last line, and its syntax errors."""
        overlong = _overlong_tags(chunk)
        if overlong:
            blanked = _Chunk(chunk.first_line, ["" if i in overlong else text for i, text in enumerate(chunk.lines)])
            kept, trailing, errors = self._parse_lines(blanked)
            return kept, trailing, errors + list(overlong.values())
        parser, transformer = self._hand_parser()
        parse = functools.partial(_parsed, parser, transformer)
        commented = any("#" in text for text in chunk.lines)  # no comment: lines may be remembered
        try:
            remembered = None if commented else self.memo.read(chunk.lines, chunk.first_line, parse)
            items, problems = remembered or parse("\n".join(chunk.lines) + "\n", chunk.first_line - 1)
        except UnexpectedInput:  # a broken hand is read again line by line, by Lark's own parser
            return self._parse_lines(chunk)
        trailing = [str(c)[1:].rstrip() for c in transformer.comments] if commented else []
        return items, trailing, [_issue(line, column, message, chunk) for line, column, message in problems]

    def _parse_lines(self, chunk: _Chunk) -> tuple[list[Any], list[str], list[SyntaxIssue]]:
        """Parse a broken hand line by line, so that every broken line is reported."""
        parser, transformer = self._pure_parser()
        items: list[Any] = []
        errors: list[SyntaxIssue] = []
        for offset, text in enumerate(chunk.lines):
            if _kind_of_line(text) == "blank":
                continue
            line_number = chunk.first_line + offset
            transformer.reset(line_number - 1)
            try:
                items.append(parser.parse(text, start="line"))
            except UnexpectedInput as error:
                column, message = describe(error, text)
                errors.append(issue(line_number, column, message, text))
                for later, said in later_non_cards(text, column, self._is_card):
                    errors.append(issue(line_number, later, said, text))
            errors.extend(_issue(line, column, message, chunk) for line, column, message in transformer.problems)
        return items, [], errors


def reader_from_env(environ: Mapping[str, str] | None = None) -> Reader:
    """A reader whose parser is the one ``GOSTOP_ARBITER_PARSER`` names (``pure``; the bench sets it
    to time each), ``auto`` when it names none: what the commands read with."""
    import os

    named = (os.environ if environ is None else environ).get("GOSTOP_ARBITER_PARSER")
    return Reader(parser="pure" if named == "pure" else "auto")


def read_hands(
    lines: Iterable[str], undecodable: Mapping[int, SyntaxIssue] | None = None, *, reader: Reader | None = None
) -> Iterator[HandResult]:
    """:meth:`Reader.hands`, by ``reader`` or a reader of its own."""
    return (reader or Reader()).hands(lines, undecodable)


def _with_undecodable(
    errors: list[SyntaxIssue], chunk: _Chunk, undecodable: Mapping[int, SyntaxIssue]
) -> list[SyntaxIssue]:
    bad = [n for n in range(chunk.first_line, chunk.first_line + len(chunk.lines)) if n in undecodable]
    if not bad:
        return errors
    return [e for e in errors if e.line not in undecodable] + [undecodable[n] for n in bad]


MAX_LINE = 1 << 20
"""The most bytes a line may hold, 1 MiB (decision H16). A real table's longest line, a tag's value
at its limit (:data:`MAX_TAG_VALUE` characters) or a deal of ten cards, is far shorter; past this a
line is a located error and the file is read no further, so that what one line costs is bounded
(an endless line, ``check /dev/zero``, grew the command to 24 GB)."""

_PIECE = 1 << 16
"""Bytes read at a time."""

_LINE_ENDS = re.compile(rb"\r\n|\r|\n")


class Pieces(Protocol):
    """A binary stream that gives what it has (a file, standard input's buffer, bytes in memory)."""

    def read1(self, size: int = -1, /) -> bytes: ...


def byte_lines(handle: Pieces, limit: int = MAX_LINE) -> Iterator[bytes]:
    """The lines of a binary stream without their ends (LF, CR LF or a lone CR), read a piece at a
    time; a line longer than ``limit`` bytes raises :class:`LineTooLong` once ``limit`` bytes of it
    are read, whatever follows."""
    pending = b""
    number = 0
    while piece := handle.read1(_PIECE):
        lines = _LINE_ENDS.split(pending + piece)
        pending = lines.pop()
        if pending == b"" and piece.endswith(b"\r"):  # perhaps the half of a CR LF: kept for the next piece
            pending = lines.pop() + b"\r"
        for line in lines:
            number += 1
            if len(line) > limit:
                raise LineTooLong(number, line[: limit + 1], limit)
            yield line
        if len(pending.rstrip(b"\r")) > limit:
            raise LineTooLong(number + 1, pending[: limit + 1], limit)
    if pending:
        yield pending.removesuffix(b"\r")


class LineTooLong(ArbiterError):
    """A line longer than the reader reads (:data:`MAX_LINE`): its number and its start."""

    def __init__(self, number: int, start: bytes, limit: int) -> None:
        super().__init__(f"line {number} is longer than {limit:,} bytes")
        self.number, self.start, self.limit = number, start, limit

    def issue(self) -> SyntaxIssue:
        """The located error that stands for the line: at its first byte past the limit."""
        text = self.start.decode("utf-8", errors="replace")
        column = len(self.start[: self.limit].decode("utf-8", errors="replace")) + 1
        return issue(self.number, column, SYNTAX("line-too-long", limit=f"{self.limit:,}"), text, "unreadable")


_UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")
"""The byte-order marks a UTF-16 file starts with (what Windows Notepad saved as "Unicode")."""


def decoded_lines(handle: Pieces, undecodable: dict[int, SyntaxIssue]) -> Iterator[str]:
    """The lines of a file read as bytes (:func:`byte_lines`), as the parser sees them (see
    :func:`normalise_lines`). A line that is not UTF-8 gets its located error in ``undecodable``
    and goes on with U+FFFD in place of each bad byte, so that the other lines are still read; a
    line too long to read gets its error there too, and ends the file."""
    number = 0
    try:
        for line in byte_lines(handle):
            number += 1
            if number == 1 and line[:2] in _UTF16_MARKS:  # every line would be unreadable: said once
                undecodable[1] = issue(1, 1, SYNTAX("utf-16"), "", "unreadable")
                yield "\ufffd"  # a line that belongs to a hand, whose error it is (as for a line too long)
                return
            try:
                text = line.decode("utf-8")
            except UnicodeDecodeError as error:
                text = line.decode("utf-8", errors="replace")
                undecodable[number] = _undecodable(line, error.start, number, text)
            if number == 1 and text.startswith("\ufeff"):
                text = text[1:]
            yield unicodedata.normalize("NFKC", text)
    except LineTooLong as long:
        located = long.issue()
        undecodable[located.line] = located
        yield "\ufffd"  # in its place, a line that belongs to a hand (a blank one would not), whose error it is


def _undecodable(line: bytes, start: int, number: int, text: str) -> SyntaxIssue:
    column = len(line[:start].decode("utf-8", errors="replace")) + 1
    return issue(number, column, SYNTAX("not-utf8", byte=f"0x{line[start]:02x}"), text, "unreadable")


def decode(data: bytes) -> str:
    """UTF-8 text of a file; bytes that are not UTF-8 are a :class:`GsnSyntaxError` that locates
    every line holding one."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        undecodable: dict[int, SyntaxIssue] = {}
        for _line in decoded_lines(io.BytesIO(data), undecodable):
            pass
        raise GsnSyntaxError(list(undecodable.values())) from None


def parse_text(text: str, *, reader: Reader | None = None) -> Transcript:
    """:meth:`Reader.text`, by ``reader`` or a reader of its own."""
    return (reader or Reader()).text(text)


def _parsed(
    parser: Lark, transformer: GsnTransformer, text: str, line_offset: int = 0
) -> tuple[list[Any], list[LocatedProblem]]:
    """Lines parsed as a hand, the first being line ``line_offset + 1``: their models and the
    transformer's problems."""
    transformer.reset(line_offset)
    items = cast(list[Any], parser.parse(text, start="hand"))
    return items, list(transformer.problems)


def _overlong_tags(chunk: _Chunk) -> dict[int, SyntaxIssue]:
    """The tag lines of a hand whose value passes :data:`MAX_TAG_VALUE`, by offset in the hand."""
    found: dict[int, SyntaxIssue] = {}
    for offset, text in enumerate(chunk.lines):
        if len(text) <= MAX_TAG_VALUE:
            continue
        opening = _TAG_OPENING.match(text)
        if opening is None:
            continue
        start = opening.end()
        end = cast(re.Match[str], _QUOTED.match(text, start)).end()
        if end - start <= MAX_TAG_VALUE:
            continue
        said = SYNTAX(
            "tag-too-long" if end < len(text) else "tag-too-long-unclosed",
            most=f"{MAX_TAG_VALUE:,}",
            count=f"{end - start:,}",
        )
        found[offset] = issue(chunk.first_line + offset, start + 1, said, text)
    return found


def _issue(line: int, column: int, message: Message, chunk: _Chunk) -> SyntaxIssue:
    offset = line - chunk.first_line
    source = chunk.lines[offset] if 0 <= offset < len(chunk.lines) else ""
    return issue(line, column, message, source)


# ---- assembling a hand -----------------------------------------------------------------------

_PLAYED_ONLY = ("deal", "table", "stock", "turn", "bonus", "give", "sit-out", "chongtong")
_DEAL_LINES = ("deal", "table", "stock")


def _hand_kind(item: Any) -> HandKind | None:
    """Which kind of hand a line belongs to; None for lines that fit both (calls, claims, 9a as)."""
    if isinstance(item, PileLine | Bomb) or (isinstance(item, Shake) and not item.cards):
        return "tally"
    if item.kind in _PLAYED_ONLY or isinstance(item, Shake):
        return "played"
    return None


def _players_named(item: Any) -> list[str]:
    if isinstance(item, Claim):
        return [name for name in (item.payer, item.payee) if name is not None]
    player = getattr(item, "player", None)
    return [player] if player is not None else []


class _Assembler:
    """Checks one hand's lines against each other and builds the :class:`Hand`."""

    def __init__(self, chunk: _Chunk) -> None:
        self.chunk = chunk
        self.errors: list[SyntaxIssue] = []
        self.warnings: list[Notice] = []

    def error(self, line: int, column: int, message: Message) -> None:
        self.errors.append(_issue(line, column, message, self.chunk))

    def apply_tags(self, tags: list[Tag], settings: _Settings) -> None:
        seen: dict[str, Tag] = {}
        for tag in tags:
            name = tag.name
            if name in seen and name != "Set":
                self.warnings.append(notice(tag, NOTICES("given-twice", name=name)))
            seen[name] = tag
            if name == "Seats":
                settings.seats = self.seats_of(tag)
            elif name == "Rules":
                settings.rules = tag.value.strip()
                settings.sets = {}
            elif name == "Set":
                knob, equals, value = tag.value.partition("=")
                if not equals or not knob.strip() or not value.strip():
                    self.error(tag.line, tag.column, SYNTAX("set-tag", value=tag.value))
                else:
                    settings.sets[knob.strip()] = value.strip()
            elif name == "Stake":
                stake = money_amount(tag.value)
                if stake is not None:
                    settings.stake = stake
                else:
                    self.error(tag.line, tag.column, SYNTAX("stake", value=shown(tag.value)))
            elif name == "Carry":
                carry = whole_number(tag.value)
                if carry is None or carry < 1:
                    self.error(tag.line, tag.column, SYNTAX("carry", value=shown(tag.value)))
            elif name not in KNOWN_TAGS.values():
                self.warnings.append(notice(tag, _unknown_tag(name)))

    def seats_of(self, tag: Tag) -> list[str]:
        names = [name for name in tag.value.split(", ") if name]
        for name in names:
            if not _NAME.fullmatch(name) or name.lower() in RESERVED_NAMES:
                self.error(tag.line, tag.column, SYNTAX("seat-not-a-name", name=name))
        for name, count in Counter(names).items():
            if count > 1:
                self.error(tag.line, tag.column, SYNTAX("seated-twice", name=name))
        for problem in confusable_names([name for name in dict.fromkeys(names) if _NAME.fullmatch(name)]):
            self.error(tag.line, tag.column, problem)
        if not names:
            self.error(tag.line, tag.column, SYNTAX("no-seats"))
        return names

    def hand_kind(self, statements: list[Any]) -> HandKind:
        kind: HandKind | None = None
        decided_by = 0
        for item in statements:
            this = _hand_kind(item)
            if this is None:
                continue
            if kind is None:
                kind, decided_by = this, item.line
            elif this != kind:
                other = "played-line-in-tally" if this == "played" else "tally-line-in-played"
                self.error(item.line, item.column, SYNTAX(other, line=decided_by))
        return kind or "played"

    def check_order(self, statements: list[Any]) -> None:
        """Deal, table and stock lines come first, once each (one deal or pile line a player); the
        table and stock lines may follow the lines of those who sit out, as with seven at the
        table, whose table is dealt after them (decision R80)."""
        play_started = 0
        sat_out = 0
        once: dict[str, int] = {}
        for item in statements:
            key = item.kind
            if isinstance(item, DealLine | PileLine):
                key = f"{item.kind} {item.player}"
            if isinstance(item, DealLine | TableLine | StockLine | PileLine):
                if key in once:
                    self.error(item.line, item.column, SYNTAX("second-line", key=key, line=once[key]))
                once[key] = item.line
            if item.kind in _DEAL_LINES and (play_started or (item.kind == "deal" and sat_out)):
                line = play_started or sat_out
                self.error(item.line, item.column, SYNTAX("deal-after-play", what=item.kind, line=line))
            elif item.kind == "sit-out":
                sat_out = sat_out or item.line
            elif item.kind not in _DEAL_LINES and not play_started:
                play_started = item.line

    def check_names(self, statements: list[Any], seats: list[str], from_tag: bool) -> None:
        where = "not-in-seats" if from_tag else "not-seated"
        for item in statements:
            for name in _players_named(item):
                if name not in seats:
                    close = did_you_mean(name, seats)
                    said = SYNTAX(f"{where}-meant", name=name, close=close) if close else SYNTAX(where, name=name)
                    self.error(item.line, item.column, said)


_SHARED_SCRIPTS = ({"LATIN", "HAN", "HANGUL"}, {"LATIN", "HAN", "HIRAGANA", "KATAKANA"}, {"LATIN", "HAN", "BOPOMOFO"})
"""Scripts one name may mix, as names are written: Unicode's "highly restrictive" sets (UTS #39),
한글 with 한자 and Latin letters (``민지B``), kanji with kana, Han with Bopomofo."""

_LOOKALIKES = str.maketrans(
    "аеорсухіјѕԁԛԝһӏԑАВЕКМНОРСТХІЈЅΑΒΕΖΗΙΚΜΝΟΡΤΥΧαορνιυκ",
    "aeopcyxijsdqwhleABEKMHOPCTXIJSABEZHIKMNOPTYXaopviuk",
)
"""Cyrillic and Greek letters drawn as Latin ones (after Unicode's confusables): what a name
looks like, for telling two names apart."""


def _script(letter: str) -> str:
    """The script of a letter, by the first word of its Unicode name (LATIN, CYRILLIC, HANGUL …)."""
    name = unicodedata.name(letter, "")
    return "HAN" if name.startswith("CJK") else name.partition(" ")[0]


def _mixed(name: str) -> list[str]:
    """The scripts of a name's letters, when they are more than a name is written in."""
    scripts = sorted({_script(ch) for ch in name if ch.isalpha()})
    if len(scripts) < 2 or any(set(scripts) <= shared for shared in _SHARED_SCRIPTS):
        return []
    return scripts


def confusable_names(names: Sequence[str]) -> list[Message]:
    """Why names at one table could be taken for each other (decision H20): a name whose letters
    come from scripts that are not written together (a Cyrillic М in Latin Minji), or two names
    that look the same once Cyrillic and Greek lookalikes are read as the Latin letters they
    resemble."""
    problems = []
    for name in names:
        scripts = _mixed(name)
        if scripts:
            letters = Counter(_script(ch) for ch in name if ch.isalpha())
            rarest = min(scripts, key=lambda script: letters[script])
            odd = next(ch for ch in name if ch.isalpha() and _script(ch) == rarest)
            mixed = " and ".join(s.title() for s in scripts)
            problems.append(SYNTAX("mixed-scripts", name=name, scripts=mixed, letter=odd, script=rarest.title()))
    seen: dict[str, str] = {}
    for name in names:
        looks = name.translate(_LOOKALIKES)
        if looks in seen:
            problems.append(SYNTAX("look-alike", first=seen[looks], second=name))
        else:
            seen[looks] = name
    return problems


def _unknown_tag(name: str) -> Message:
    meant = meant_tags(name)
    if meant:
        return NOTICES("unknown-tag-meant", name=shown(name), meant=" or ".join(meant))
    return NOTICES("unknown-tag", name=shown(name), names=", ".join(KNOWN_TAGS.values()))


def notice(tag: Tag, said: Message) -> Notice:
    """A warning about ``tag``: its English, its message's id and its facts (all words)."""
    facts = {name: str(value) for name, value in said.params.items()}
    return Notice(line=tag.line, column=tag.column, message=said.english(), id=said.id, params=facts)


def meant_tags(name: str) -> list[str]:
    """The tags of GSN §3 that ``name``, not a tag itself, is one edit from (a letter added,
    dropped or changed, or two neighbours swapped; case aside), as they are written: a Korean
    name is compared with the Korean tags, letter by letter (jamo, decision P78)."""
    if name.lower() in KNOWN_TAGS or name in korean.TAGS:
        return []
    if korean.is_korean(name):
        return [known for known in korean.TAGS if _one_edit(letters(name), letters(known))]
    return [known for lower, known in KNOWN_TAGS.items() if _one_edit(name.lower(), lower)]


def _one_edit(a: str, b: str) -> bool:
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (
            len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
        )
    short, long = (a, b) if len(a) < len(b) else (b, a)
    i = 0
    while i < len(short) and short[i] == long[i]:
        i += 1
    return short[i:] == long[i + 1 :]


def _assemble(
    items: list[Any], trailing: list[str], settings: _Settings, index: int, chunk: _Chunk, *, broken: bool
) -> tuple[Hand | None, list[SyntaxIssue]]:
    """Check a hand's lines and build it; ``broken`` when some of its lines did not parse."""
    check = _Assembler(chunk)
    tags = [item for item in items if isinstance(item, Tag)]
    statements = [item for item in items if not isinstance(item, Tag)]
    check.apply_tags(tags, settings)
    if not statements:
        if not broken:
            line = tags[0].line if tags else chunk.first_line
            check.error(line, 1, SYNTAX("no-statement"))
        return None, check.errors
    kind = check.hand_kind(statements)
    check.check_order(statements)
    if settings.seats is not None:
        seats = list(settings.seats)
    else:
        seats = list(dict.fromkeys(item.player for item in statements if isinstance(item, DealLine | PileLine)))
    if not seats:
        first = statements[0]
        check.error(first.line, first.column, SYNTAX("nobody-seated"))
    check.check_names(statements, seats, settings.seats is not None)
    for tag in tags:
        if tag.name == "Dealer" and tag.value not in seats:
            check.error(tag.line, tag.column, SYNTAX("dealer-not-seated", name=tag.value, seats=", ".join(seats)))
    hand = Hand(
        index=index,
        kind=kind,
        tags=tags,
        statements=statements,
        trailing_comments=trailing,
        seats=seats,
        rules=settings.rules,
        sets=dict(settings.sets),
        stake=settings.stake,
        warnings=check.warnings,
    )
    return hand, check.errors


def read_statement(
    text: str, *, seats: Sequence[str], before: Sequence[Statement] = (), line: int = 1, reader: Reader | None = None
) -> Statement:
    """:meth:`Reader.statement`, by ``reader`` or a reader of its own."""
    return (reader or Reader()).statement(text, seats=seats, before=before, line=line)
