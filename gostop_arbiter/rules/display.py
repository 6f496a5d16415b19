"""What people call each named profile (decision P86): the one place that gives a profile a Korean
display name, for the headings that show a profile (``check``, ``parse``, ``rules``, the replay
page) and for input that names a profile in Korean (``[Rules "표준"]``, ``--rules 표준``).

A profile's *name* (``standard``) is its code: GSN writes it, JSON keeps it, English shows it. Its
Korean display name is what a Korean player would call the rules: ``표준`` for the common practice,
``온라인 맞고`` for the online services' Matgo, ``민화투`` for Minhwatu. A source's own name stays
where Korean has no better word (``위키백과``, ``gamerules``, ``cs470``).
"""

from __future__ import annotations

from collections.abc import Mapping

KOREAN_NAMES: Mapping[str, str] = {
    "standard": "표준",
    "online-matgo": "온라인 맞고",
    "wikipedia": "영어 위키백과",
    "gamerules": "gamerules",
    "wikipedia-it": "이탈리아어 위키백과",
    "minhwatu": "민화투",
    "cs470": "cs470",
}
"""Each named profile's Korean display name, by its code (a test checks every profile has one,
and that no two share one)."""


ALSO_WRITTEN: Mapping[str, str] = {
    "위키백과": "wikipedia",
    "게임룰": "gamerules",
    "이탈리아위키백과": "wikipedia-it",
}
"""Shorter Korean names a table also writes for a profile (decision P79), by the name written."""


def korean_spellings() -> list[str]:
    """Every Korean name that names a profile, for a did-you-mean."""
    return [*KOREAN_NAMES.values(), *ALSO_WRITTEN]


def display_name(name: str, lang: str = "en") -> str:
    """A profile as a reader of ``lang`` calls it: the code in English (``standard``), the Korean
    display name in Korean (``표준``); a name that is no profile's is shown as written."""
    return KOREAN_NAMES.get(name, name) if lang == "ko" else name


def profile_code(written: str) -> str | None:
    """The profile a person wrote, by its code or its Korean display name, spaces and case aside
    (``표준``, ``온라인맞고``, ``Standard`` → ``standard``); None when it names none."""
    wanted = "".join(written.split()).casefold()
    for code, korean in KOREAN_NAMES.items():
        if wanted in (code.casefold(), "".join(korean.split()).casefold()):
            return code
    return ALSO_WRITTEN.get(wanted)
