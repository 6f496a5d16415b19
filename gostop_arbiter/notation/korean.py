"""The Korean spellings of GSN's words, and what each one means (docs/notation.md, "Korean aliases").

grammar/gsn.lark is the one definition of what may be written: its terminals hold every Korean
spelling below, word for word (a test checks that the two agree). This module says what the
transformer makes of a Korean word and what ``fmt --korean`` writes: the first spelling of each
entry. The notation stays a notation: a Korean card name is resolved to a code by its month and
category alone, never looked up in a deck, exactly as ``8광`` is (so ``송학열끗`` reads as ``1a`` and
is the replay's ``unknown-card``). A name that could be more than one card (``쌍피``, ``홍단``, a
month alone) is refused with the cards it could be (decisions N16–N20).
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..cards import MONTH_CARDS
from ..messages import Message
from ..numbers import whole_number
from .said import SYNTAX

KEYWORDS: dict[str, tuple[str, ...]] = {
    "DEAL": ("패", "손패", "손 패"),
    "TABLE": ("바닥", "바닥패", "바닥 패"),
    "STOCK": ("더미",),
    "PILE": ("먹은패", "먹은 패"),
    "CLAIM": ("계산",),
    "PAYS": ("→",),
    "NAGARI": ("나가리",),
    "BOMB": ("폭탄",),
    "PASS": ("패스",),
    "SHAKE": ("흔들기", "흔들"),
    "BONUS": ("보너스",),
    "DRAW": ("뽑기",),
    "GIVE": ("주기",),
    "PI": ("피로", "쌍피로", "피", "쌍피"),
    "ANIMAL": ("열끗으로", "열로", "열끗", "열"),
    "GO": ("고",),
    "STOP": ("스톱", "스탑"),
    "SELL": ("광팔기", "광 팔기"),
    "FOLD": ("죽기",),
    "CHONGTONG": ("총통",),
    "SHODANG": ("쇼당",),
    "ACCEPT": ("수락", "받기"),
    "REFUSE": ("거절",),
}
"""Each keyword terminal's Korean spellings; ``fmt --korean`` writes the first. The spaced forms
(``광 팔기``, ``먹은 패``) are the words as a player would also write them (decision R55)."""

MONTHS: dict[str, int] = {
    "송학": 1,
    "매조": 2,
    "벚꽃": 3,
    "흑싸리": 4,
    "난초": 5,
    "모란": 6,
    "홍싸리": 7,
    "공산": 8,
    "국화": 9,
    "단풍": 10,
    "똥": 11,
    "오동": 11,
    "비": 12,
}
"""The months' names as players say them (the month's plant); ``fmt --korean`` writes the first of each."""

KINDS: dict[str, str] = {
    "광": "g",
    "열끗": "a",
    "열": "a",
    "띠": "r",
    "피": "p",
    "쌍피": "pp",
    "홍단": "r",
    "청단": "r",
    "초단": "r",
}
"""Category words after a month's name or number (``송학광``, ``8광``): GSN §2's and the three ribbons'."""

RIBBONS: dict[str, tuple[int, ...]] = {"홍단": (1, 2, 3), "청단": (6, 9, 10), "초단": (4, 5, 7)}
"""The ribbon words, which also say the ribbon's colour, and the months whose ribbon it is (N18)."""

NAMES: dict[str, str] = {"국진": "9a", "보너스쌍피": "b2", "보너스쓰리피": "b3", "쓰리피": "b3"}
"""Cards with a name of their own (the sake cup, the bonus cards); the first of each code is written."""

TAGS: dict[str, str] = {
    "자리": "Seats",
    "선": "Dealer",
    "규칙": "Rules",
    "설정": "Set",
    "점당": "Stake",
    "배수": "Carry",
    "모임": "Event",
    "장소": "Site",
    "날짜": "Date",
    "판": "Hand",
    "메모": "Note",
}
"""Korean names of the tags of GSN §3, with the tag each one is."""

MARKS: dict[str, str] = {"ppeok": "뻑", "jappeok": "자뻑", "chok": "쪽", "ttadak": "따닥", "sweep": "싹쓸이"}
"""The Korean mark ``fmt --korean`` writes for each mark (decision N2 lists every spelling read)."""

POINTS_SUFFIX = "점"
"""A claim's points may be written ``11점``."""

RESERVED = frozenset(KEYWORDS["DEAL"] + KEYWORDS["TABLE"] + KEYWORDS["STOCK"] + KEYWORDS["PILE"])
RESERVED |= frozenset(KEYWORDS["CLAIM"] + KEYWORDS["NAGARI"])
"""The Korean words that begin lines or stand alone in a claim, which cannot be names either."""

_MONTH_WORDS = {month: word for word, month in reversed(MONTHS.items())}
_KIND_WORDS = {letter: word for word, letter in reversed(KINDS.items()) if word not in RIBBONS}
_NAME_WORDS = {code: word for word, code in reversed(NAMES.items())}


def is_korean(word: str) -> bool:
    """Whether a word is spelt in Korean (holds Hangul, or is the Korean claim's arrow)."""
    return (
        any("\uac00" <= char <= "\ud7a3" or "\u3131" <= char <= "\u318e" for char in word) or word in KEYWORDS["PAYS"]
    )


def card_word(code: str) -> str:
    """What ``fmt --korean`` writes for a card code: its name (``국진``), else the month's name and
    the category (``송학광``, ``똥쌍피``), else the number and the category (``13피``); a bonus
    code that has no Korean name stays as it is (``b4``)."""
    if code in _NAME_WORDS:
        return _NAME_WORDS[code]
    match = re.fullmatch(r"(\d+)(pp|p|g|a|r)", code)
    if match is None:
        return code
    month, letter = int(match.group(1)), match.group(2)
    prefix = _MONTH_WORDS.get(month, match.group(1))
    return prefix + _KIND_WORDS[letter]


def _cards_of_kind(letter: str) -> list[str]:
    codes = [code for code, card in MONTH_CARDS.items() if card.kind.value == letter]
    return [f"{card_word(code)} ({code})" for code in codes]


@lru_cache(maxsize=512)
def resolve_card(word: str) -> tuple[str, Message | None]:
    """The code of a Korean card word as the CARD terminal matched it, and None; or, for a word
    that names no single card, a stand-in code and the message that says why."""
    if " " in word:
        return _spaced(word)
    if word in NAMES:
        return NAMES[word], None
    number = word[: len(word) - len(word.lstrip("0123456789"))]
    if number:  # the month's number and a ribbon word (the transformer reads 8광 and 3피 itself)
        kind_word = word[len(number) :]
        month = whole_number(number)
        if kind_word not in KINDS:
            return word, SYNTAX("no-card-word", word=word)
    else:
        month_word = next((m for m in sorted(MONTHS, key=len, reverse=True) if word.startswith(m)), "")
        kind_word = word[len(month_word) :]
        month = MONTHS.get(month_word)
        if month is None:
            return word, _refused(word, kind_word)
        if not kind_word:
            cards = ", ".join(
                f"{card_word(code)} ({code})" for code, card in MONTH_CARDS.items() if card.month == month
            )
            return word, SYNTAX("month-not-a-card", word=word, month=month or 0, choices=cards)
    if kind_word in RIBBONS and month not in RIBBONS[kind_word]:
        months = ", ".join(f"{_MONTH_WORDS[m]} ({m}r)" for m in RIBBONS[kind_word])
        return word, SYNTAX("no-such-ribbon", word=word, kind=kind_word, months=months)
    return f"{month}{KINDS[kind_word]}", None


def _spaced(written: str) -> tuple[str, Message | None]:
    """A month's name and a category written as two words (``국화 열끗``) are one card only where the
    month has that card: ``국화 쌍피`` could as well be two words, each naming no single card, and is
    refused rather than read as a card the deck does not hold (decision N30)."""
    code, problem = resolve_card(written.replace(" ", ""))
    if problem is not None or code in MONTH_CARDS:
        return code, problem
    month = int(code.rstrip("pgar"))
    cards = ", ".join(f"{card_word(c)} ({c})" for c, card in MONTH_CARDS.items() if card.month == month)
    return written, SYNTAX("month-lacks", word=written, month=month, kind=written.split()[-1], choices=cards)


def _refused(word: str, kind_word: str) -> Message:
    """Why a card word without a month names no single card (decision N17)."""
    if word == "보너스피":
        return SYNTAX("bonus-pi")
    if kind_word in RIBBONS:
        months = ", ".join(f"{_MONTH_WORDS[m]}띠 ({m}r)" for m in RIBBONS[kind_word])
        return SYNTAX("which-ribbon", word=word, months=months)
    cards = _cards_of_kind(KINDS[kind_word])
    if len(cards) <= 5:
        return SYNTAX("kind-alone", word=word, choices=", ".join(cards))
    return SYNTAX("kind-alone-some", word=word, choices=", ".join(cards[:3]))
