"""Korean particles (조사) chosen by the word before them: 민지**가**, 철수**가**, 민준**이**, 3점**을**,
36점**이**, 비광**으로**, 1광**으로**, 팔**로**.

Korean writes several particles in two forms, one after a syllable that ends in a consonant (받침)
and one after a vowel: 이/가, 은/는, 을/를, 과/와, 아/야, 이나/나 …; (으)로 takes 로 after a vowel
and after ㄹ as well. A message's template names the particle after its placeholder (``{winner:가}``,
``{card:으로}``: either form) and :func:`attach` chooses the form that fits the word that fills it.

The word may be Hangul, a number (read as Korean reads it: 1 일, 10 십, 100 백, 1,000 천), a Latin
name (read as Korean transliterates it: Minji 민지, Joon 준, Bill 빌), or end in punctuation that is
not read (``"3Q"``, ``×2)``). Written here rather than taken from ``tossi`` (decision P62): tossi
reads no Latin words, which player and profile names often are, and has not been released since
2017."""

from __future__ import annotations

import re
import unicodedata
from typing import Final

_HANGUL_FIRST: Final = 0xAC00
_HANGUL_LAST: Final = 0xD7A3
_CODAS: Final = 28
"""Hangul syllables are ordered by initial, vowel and final consonant; 28 finals, the first none."""

_RIEUL: Final = 8
"""The index of ㄹ among the final consonants (ㄱ ㄲ ㄳ ㄴ ㄵ ㄶ ㄷ ㄹ …, counted from none = 0)."""

PAIRS: Final[dict[str, tuple[str, str]]] = {
    form: pair
    for pair in (
        ("이", "가"),
        ("은", "는"),
        ("을", "를"),
        ("과", "와"),
        ("아", "야"),
        ("이나", "나"),
        ("이랑", "랑"),
        ("이며", "며"),
        ("이고", "고"),
        ("이다", "다"),
        ("이라", "라"),
        ("이라고", "라고"),
        ("이든", "든"),
        ("이면", "면"),
        ("이에요", "예요"),
        ("으로", "로"),
        ("으로서", "로서"),
        ("으로써", "로써"),
    )
    for form in pair
}
"""Each particle's two forms, (after a consonant, after a vowel), found by either form."""

_DIGIT_CODAS: Final = (21, 8, 0, 16, 0, 0, 1, 8, 8, 0)
"""The final consonant of each digit read in Korean: 영 일 이 삼 사 오 육 칠 팔 구."""

_ZEROS_CODAS: Final = ((16, 21), (12, 0), (8, 1), (4, 4), (3, 4), (2, 1), (1, 17))
"""A number ending in zeros is read up to its last power of ten: (at least this many zeros, its
final consonant): 경 ㅇ, 조 none, 억 ㄱ, 만 ㄴ (십만, 백만 and 천만 end as 만 does), 천 ㄴ, 백 ㄱ, 십 ㅂ."""

_SHORT_STOPS: Final = {"p": 17, "b": 17, "t": 19, "k": 1}
"""A stop after one short vowel, single or doubled, is written as the final consonant: Kip 킵,
Bob 밥, Pat 팻, Matt 맷, Webb 웹."""

_LETTER_CODAS: Final = {"l": _RIEUL, "r": _RIEUL, "m": 16, "n": 4}
"""A Latin letter said alone (``R``, ``3M``): 엘 알 엠 엔 end in a consonant; every other letter's
name (에이, 비, 씨 … 엑스, 와이, 제트) ends in a vowel or is read with one (에프, 에스)."""


def coda(word: str) -> int | None:
    """The final consonant of the word's last read syllable, as its index (0: none, 8: ㄹ), or None
    when nothing in the word is read (an empty name, only punctuation)."""
    text = _read_part(word)
    if not text:
        return None
    last = text[-1]
    if _HANGUL_FIRST <= ord(last) <= _HANGUL_LAST:
        return (ord(last) - _HANGUL_FIRST) % _CODAS
    if last.isdigit():
        return _number_coda(text)
    if last.isascii() and last.isalpha():
        return _latin_coda(text)
    return 0


def attach(word: str, particle: str) -> str:
    """The word with the form of ``particle`` (either form, ``가`` or ``이``) that follows it."""
    return word + choose(word, particle)


def choose(word: str, particle: str) -> str:
    """The form of ``particle`` that follows ``word``: 이 after 민준, 가 after 민지, 로 after 팔."""
    pair = PAIRS.get(particle)
    if pair is None:
        return particle  # 에게, 의, 도, 만 … have one form
    after_consonant, after_vowel = pair
    final = coda(word)
    if final is None:
        return after_vowel
    if after_consonant.startswith("으로"):
        return after_vowel if final in (0, _RIEUL) else after_consonant
    return after_consonant if final else after_vowel


def _read_part(word: str) -> str:
    """The word up to its last character that is read aloud: closing brackets, quotes, dots and
    other punctuation after it are not (``'3Q'`` reads as 3Q, ``(민지)`` as 민지)."""
    end = len(word)
    while end and not unicodedata.category(word[end - 1]).startswith(("L", "N")):
        end -= 1
    return word[:end]


def _number_coda(text: str) -> int:
    """A number's final consonant as Korean reads it: 3 삼, 36 삼십육, 1,000 천, 0 영, 2.5 이점오."""
    digits = text.replace(",", "")
    end = len(digits)
    while end and digits[end - 1].isdigit():
        end -= 1
    number = digits[end:]
    last = int(unicodedata.digit(number[-1]))
    zeros = len(number) - len(number.rstrip("0"))
    if last or zeros == len(number):
        return _DIGIT_CODAS[last]
    return next(final for least, final in _ZEROS_CODAS if zeros >= least)


def _latin_coda(text: str) -> int:
    """A Latin word's final consonant as Korean transliterates it (decision P62): -ng ㅇ, -m ㅁ,
    -n ㄴ, -l ㄹ (Bill 빌, Joon 준, Tom 톰, Young 영), -ck ㄱ (Jack 잭), and p, b, t, k (or doubled)
    after one short vowel (Pat 팻, Kip 킵, Bob 밥, Matt 맷); a word of one letter, or of capitals only
    (``R``, ``KBS``), by the last letter's name (알, 에스); every other ending is read with a vowel
    (Minji 민지, Mark 마크, Peter 피터, Kate 케이트)."""
    word = ""
    for char in reversed(text):
        if not (char.isascii() and char.isalpha()):
            break
        word = char + word
    if len(word) == 1 or word.isupper():
        return _LETTER_CODAS.get(word[-1].lower(), 0)
    lower = word.lower()
    if lower.endswith("ng"):
        return 21
    if lower.endswith("ck"):
        return 1
    if re.search(r"(^|[^aeiou])[aeiou]([ptkb])\2?$", lower):  # a short vowel keeps its stop: Pat 팻, Bob 밥
        return _SHORT_STOPS[lower[-1]]
    return {"m": 16, "n": 4, "l": _RIEUL}.get(lower[-1], 0)
