"""The words people read, in English or Korean: one message catalogue (decision P20).

The English is written in the code; the Korean is a gettext catalogue,
``locale/ko/LC_MESSAGES/gostop_arbiter.po``, compiled to the ``.mo`` beside it (``pybabel compile
-d gostop_arbiter/locale -D gostop_arbiter``; a test checks the two agree). It is read only when
Korean is asked for, so English costs nothing at start-up. Every layer may use this module: it
imports only :mod:`.records` of the package.

The API:

- ``say(msgid, lang, **params)``: a sentence of the interface (``"{winner} wins"``) in ``lang``,
  its ``{name}`` placeholders filled from ``params``.
- ``term(code, lang)``: a rule, event, outcome or heading code as people say it (``pi-bak`` → 피박).
- ``pgettext(context, msgid, lang)``: a text of the data said in ``lang`` (a knob's meaning).
- ``fact(kind, code, english, params, lang)``: a verdict's sentence from its facts: a violation
  (``kind`` ``violation``, ``code`` its code, ``params`` with ``reason``), a factor's reason
  (``factor``, the rule) …; the English sentence where the catalogue has no template it can fill.
- :class:`Message` and ``say_message(message, lang)``: a sentence as its facts, made where they are
  known (a discrepancy, a payment's reason, an event): a context, an id and typed parameters,
  said in the reader's language once, at the edge (decision P70). ``sayings(context, templates)``
  declares a context's English templates and gives the function that makes its messages.
- ``money(amount, lang, currency, sign=)``: an amount with its unit (``1,100원``).
- ``lang_from_env(environ)``: ``ko`` when ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` (the first set)
  is Korean, else ``en``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from typing import Final, Literal

from .records import frozen

Lang = Literal["en", "ko"]
LANGS: tuple[Lang, ...] = ("en", "ko")

DOMAIN = "gostop_arbiter"
LOCALE = os.path.join(os.path.dirname(__file__), "locale")
"""The catalogues' folder (a path string: pathlib is not needed to read one file)."""

_CONTEXT = "\x04"
"""What joins a message's context to its msgid in a compiled catalogue (gettext's convention)."""


def lang_from_env(environ: Mapping[str, str] | None = None) -> Lang:
    """The reader's language from the locale variables, in POSIX's order of precedence."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return "ko" if value.lower().startswith("ko") else "en"
    return "en"


def read_mo(data: bytes) -> dict[str, str]:
    """A compiled gettext catalogue's messages, ``context\\x04msgid`` → msgstr (the header left out).

    Read here rather than with :mod:`gettext`, which keeps its table private and costs an import."""
    import struct

    order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
    _magic, _version, count, ids, strs = struct.unpack(order + "5I", data[:20])
    messages: dict[str, str] = {}
    for i in range(count):
        id_len, id_at = struct.unpack(order + "2I", data[ids + 8 * i : ids + 8 * i + 8])
        str_len, str_at = struct.unpack(order + "2I", data[strs + 8 * i : strs + 8 * i + 8])
        msgid = data[id_at : id_at + id_len].decode("utf-8")
        if msgid:
            messages[msgid] = data[str_at : str_at + str_len].decode("utf-8")
    return messages


@cache
def catalogue(lang: Lang) -> Mapping[str, str]:
    """Every message of ``lang``'s catalogue (empty for English, the language of the code)."""
    if lang == "en":
        return {}
    with open(os.path.join(LOCALE, lang, "LC_MESSAGES", f"{DOMAIN}.mo"), "rb") as handle:
        return read_mo(handle.read())


def _parsed(template: str) -> Iterator[tuple[str, str | None]]:
    """A template's (literal text, field name) pairs, as str.format reads it."""
    import string  # only Korean needs templates parsed: off English's start-up

    for text, name, _spec, _conv in string.Formatter().parse(template):
        yield text, name


def placeholders(template: str) -> list[str]:
    """The names of a template's ``{name}`` fields, in order."""
    return [name for _text, name in _parsed(template) if name]


class _Filled:
    """A value filled into a template. ``{name:가}`` puts after it the form of the particle that
    fits it (decision P62: 민지**가**, 민준**이**, 3점**을**), ``{name:'은}`` the same after it in
    quotes (``'3Q'는``); any other spec formats the value as ``str.format`` would."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        if spec.isascii():
            return format(self.value, spec)
        from .particles import attach  # only Korean templates name particles

        quoted = spec.startswith("'")
        word = f"'{self.value}'" if quoted else str(self.value)
        return attach(word, spec.removeprefix("'"))

    def __str__(self) -> str:
        return str(self.value)


def fill(template: str, params: Mapping[str, object]) -> str:
    """``template`` with its ``{name}`` fields filled from ``params``, each followed by the particle
    its field names (``{winner:가}``); the template as it is where a field has no value."""
    try:
        return template.format_map({name: _Filled(value) for name, value in params.items()})
    except (KeyError, IndexError, ValueError):
        return template


def say(msgid: str, lang: Lang = "en", /, **params: object) -> str:
    """The sentence ``msgid`` (English, with ``{name}`` fields) in ``lang``, filled from ``params``
    (a message among them said in ``lang`` too)."""
    template = catalogue(lang).get(msgid, msgid) if lang != "en" else msgid
    if not params:
        return template
    return fill(template, {name: say_message(v, lang) if isinstance(v, Message) else v for name, v in params.items()})


def pgettext(context: str, msgid: str, lang: Lang = "en") -> str:
    """``msgid`` in ``lang`` as said in ``context`` (``knob``: a knob's meaning; ``profile``: a
    profile's summary), as gettext's function of that name: the msgid where it has none."""
    if lang == "en":
        return msgid
    return catalogue(lang).get(f"{context}{_CONTEXT}{msgid}", msgid)


def term(code: str, lang: Lang = "en") -> str:
    """A code as people say it: the code itself in English, the Korean term under ``ko``."""
    if lang == "en":
        return code
    return catalogue(lang).get(f"term{_CONTEXT}{code}", code)


def terms(text: str, lang: Lang = "en") -> str:
    """Each word of a list of codes said as a term (``pi-bak ×2 and go ×2`` → ``피박 ×2 및 고 ×2``)."""
    if lang == "en":
        return text
    return " ".join(term(word, lang) for word in text.split(" "))


@cache
def _templates(lang: Lang, context: str) -> list[tuple[frozenset[str], str]]:
    """The templates of one context (``violation:illegal-call:below-minimum``), the ones that need
    the most facts first: (the facts its English msgid names, its translation)."""
    prefix = context + _CONTEXT
    found = [
        (frozenset(placeholders(key[len(prefix) :])), text)
        for key, text in catalogue(lang).items()
        if key.startswith(prefix)
    ]
    return sorted(found, key=lambda item: -len(item[0]))


def _said(params: Mapping[str, object], lang: Lang) -> dict[str, object]:
    """The facts as a sentence shows them: codes among them (an outcome, a call) as terms."""
    shown: dict[str, object] = {}
    for key, value in params.items():
        if value is None or value == "" or (key in _FLAGS and not value):
            continue
        shown[key] = term(value, lang) if isinstance(value, str) and key in _CODED else value
    return shown


_FLAGS = frozenset({"rain", "loser_none"})
"""Facts that are yes (1) or no (0): a template that names one needs it to be yes."""

_CODED = frozenset({"outcome", "call", "statement", "category", "how", "kind"})
"""Facts whose values are codes (``stop``, ``go``, ``sell``), said as terms."""


def fact(kind: str, code: str, english: str, params: Mapping[str, object], lang: Lang = "en") -> str:
    """A verdict's sentence from its facts: the template of ``kind:code:reason`` or ``kind:code``
    that needs the most facts and has them all, then the
    code's sentence that needs none; ``english`` where the catalogue has none of them."""
    if lang == "en":
        return english
    facts = {**_said(params, lang), "code": term(code, lang)}
    reason = params.get("reason")
    contexts = [f"{kind}:{code}:{reason}"] if reason else []
    if "more" in params and "last_line" in params:  # the violations of a code past the cap, counted
        contexts.append(f"{kind}:more")
    for context in [*contexts, f"{kind}:{code}"]:
        for needed, template in _templates(lang, context):
            if needed and needed <= facts.keys():
                return fill(template, facts)
    for needed, template in _templates(lang, f"{kind}:{code}"):
        if not needed:
            return template
    return english


WON = frozenset({"won", "krw", "원", "₩"})
"""The ways a ``[Currency]`` tag names the won."""


def money(amount: int, lang: Lang = "en", currency: str | None = None, *, sign: bool = False) -> str:
    """An amount of money with its unit (decision P22): ``1,100원`` in Korean where the stake is in
    won (the default), ``1,100`` in English unless the tag names a currency (``1,100 won``); with
    ``sign``, a gain or a loss is signed (``+360원``) and nothing is ``0원`` (decision P90)."""
    number = f"{amount:+,}" if sign and amount else f"{amount:,}"  # nothing won or lost has no sign
    unit = (currency or "").strip()
    if unit.lower() in WON or (not unit and lang == "ko"):
        return number + "원" if lang == "ko" else number + " won"
    return f"{number} {unit}" if unit else number


def currency_of(tags: Iterable[Mapping[str, str]]) -> str | None:
    """The currency several hands share (their ``Currency`` tags), or None when they differ."""
    found = {t.get("Currency", "") for t in tags}
    return found.pop() or None if len(found) == 1 else None


@frozen
class Message:
    """A sentence as its facts (decision P70): ``context`` (what it says: ``discrepancy``,
    ``payment``, ``event`` …) and ``id`` (which sentence of it: ``claim-nagari-won``) find its
    template in each language's catalogue; ``params`` fill it. The English template is the msgid
    (its context in the catalogue is ``context:id``), so a Korean catalogue without a sentence
    says it in English rather than not at all."""

    context: str
    id: str
    template: str
    params: dict[str, str | int | Message]

    @property
    def key(self) -> str:
        """The sentence's context in the catalogue: ``discrepancy:claim-nagari-won``."""
        return f"{self.context}:{self.id}"

    def english(self) -> str:
        """The sentence in English (what the verdict's ``message`` fields hold)."""
        return say_message(self, "en")

    def __str__(self) -> str:
        return self.english()

    def facts(self) -> dict[str, str | int]:
        """The parameters as the verdict's JSON holds them (a message inside, by its English)."""
        return {name: v.english() if isinstance(v, Message) else v for name, v in self.params.items()}


TEMPLATES: dict[str, str] = {}
"""Every sentence declared with :func:`sayings`, by its catalogue context (``discrepancy:claim``):
its English template. A test checks that the Korean catalogue says each with the same fields."""


class Sayings:
    """The messages of one context: ``said(id, **params)`` is the message ``id`` with its facts."""

    __slots__ = ("context", "templates")

    def __init__(self, context: str, templates: Mapping[str, str]) -> None:
        self.context, self.templates = context, dict(templates)
        TEMPLATES.update({f"{context}:{key}": text for key, text in templates.items()})

    def __call__(self, id: str, /, **params: str | int | Message) -> Message:
        return Message(self.context, id, self.templates[id], params)

    def of(self, id: str, params: Mapping[str, str | int]) -> Message:
        """The message ``id`` again from its facts as a verdict's JSON holds them."""
        return Message(self.context, id, self.templates.get(id, id), dict(params))


def sayings(context: str, templates: Mapping[str, str]) -> Sayings:
    """Declare the English templates of ``context``'s sentences (by id); the maker of its messages."""
    return Sayings(context, templates)


LISTS = sayings("list", {"or": "{head} or {last}", "and": "{head} and {last}", "comma": "{head}, {next}"})
"""The words that join a list's items in a sentence (``3p, bomb or pass``)."""


def either(items: Sequence[str | Message], joined: str = "or") -> str | Message:
    """``items`` as one phrase, the last joined by ``joined`` (``or``, ``and``), the others by
    commas: a message whose words each language says its own way (``또는``)."""
    head = items[0]
    for item in items[1:-1]:
        head = LISTS("comma", head=head, next=item)
    return LISTS(joined, head=head, last=items[-1]) if len(items) > 1 else head


def message_of(key: str, params: Mapping[str, str | int]) -> Message:
    """A message from its catalogue context (``discrepancy:claim``) and facts, as a verdict's JSON
    holds them; the module that declares it must have been imported."""
    context, _, id = key.partition(":")
    return Message(context, id, TEMPLATES.get(key, ""), dict(params))


TERM_PARAMS: Final = frozenset(
    {"outcome", "mark", "found", "meant", "call", "rule", "how", "category", "what", "missed"}
)
"""Parameters whose values are codes (``stop``, ``ppeok``, ``pi-bak``), said as the game's terms;
a value of several codes is separated by spaces or by ``, ``."""

CARD_PARAMS: Final = frozenset({"card", "cards", "target"})
"""Parameters whose values are card codes (``8g``, ``1p 1p``), said as Korean players write the
cards (``8광``) in Korean, as written in English."""

MONEY_PARAMS: Final = frozenset({"amount"})
"""Parameters that are amounts of money, said with their unit (``1,100원``)."""


def _param(name: str, value: str | int | Message, lang: Lang) -> str:
    """One parameter as the sentence shows it in ``lang``: a message said, a code as its term, a card
    by its name, an amount with its unit."""
    if isinstance(value, Message):
        return say_message(value, lang)
    if lang == "en":
        return str(value)
    if name in MONEY_PARAMS and isinstance(value, int):
        return money(value, lang)
    if isinstance(value, int):
        return str(value)
    if name in TERM_PARAMS:
        sep = ", " if ", " in value else " "
        return sep.join(term(word, lang) for word in value.split(sep))
    if name in CARD_PARAMS:
        from .card_names import cards_named  # the cards' names are needed only in Korean

        return cards_named(value, lang)
    return value


def say_message(message: Message, lang: Lang = "en") -> str:
    """``message`` in ``lang``: its template there (the English one where the catalogue has none),
    filled with its parameters, each said in ``lang`` and followed by the particle its template
    names (``{winner:가}``)."""
    template = message.template
    if lang != "en":
        table = catalogue(lang)
        template = table.get(f"{message.key}{_CONTEXT}{template}") or _by_context(lang).get(message.key, template)
    said = fill(template, {name: _param(name, value, lang) for name, value in message.params.items()})
    if said is template and message.params:  # a field the translation names that the facts lack
        return fill(message.template, {name: _param(name, value, "en") for name, value in message.params.items()})
    return said


@cache
def _by_context(lang: Lang) -> Mapping[str, str]:
    """The catalogue's sentences by their context alone, for a message rebuilt from a verdict's JSON
    without its English template: ``discrepancy:claim`` → its translation."""
    found: dict[str, str] = {}
    for key, text in catalogue(lang).items():
        context, sep, _msgid = key.partition(_CONTEXT)
        if sep:
            found.setdefault(context, text)
    return found
