"""The words people read: rule and event codes in English or Korean (``--lang ko``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

Lang = Literal["en", "ko"]

_KO: dict[str, str] = {
    # score lines
    "brights": "광",
    "animals": "열끗",
    "ribbons": "띠",
    "pi": "피",
    "godori": "고도리",
    "hongdan": "홍단",
    "cheongdan": "청단",
    "chodan": "초단",
    "go": "고",
    "card-points": "끗수",
    "target": "기준점",
    # factors
    "pi-bak": "피박",
    "gwang-bak": "광박",
    "meong-tta": "멍따",
    "go-bak": "고박",
    "dokbak": "독박",
    "shake": "흔들기",
    "bomb": "폭탄",
    "nagari-carry": "나가리",
    # events and outcomes
    "ppeok": "뻑",
    "ja-ppeok": "자뻑",
    "chok": "쪽",
    "ttadak": "따닥",
    "sweep": "싹쓸이",
    "stack": "뻑 먹기",
    "steal": "피 뺏기",
    "stop": "스톱",
    "nagari": "나가리",
    "chongtong": "총통",
    "three-ppeok": "쓰리뻑",
    "bonus": "보너스피",
    "pass": "폭탄패",
    "sit-out": "광팔기",
    # headings
    "scores": "점수",
    "payments": "지불",
    "player": "선수",
    "points": "점",
    "made of": "내역",
    "from": "내는 사람",
    "to": "받는 사람",
    "money": "금액",
    "why": "이유",
    "balance": "정산",
    "hand": "판",
    "table": "바닥",
    "pile": "먹은 패",
    "wins": "승",
}


def term(code: str, lang: Lang = "en") -> str:
    """A code as people say it: the code itself in English, the Korean term under ``ko``."""
    if lang == "ko":
        return _KO.get(code, code)
    return code


_KO_REASONS: dict[str, str] = {
    "pi-bak": "{winner}: 피 {points}점 · {loser}: 피 {junk} ({limit} 이하)",
    "gwang-bak": "{winner}: 광 {points}점 · {loser}: 광 없음",
    "meong-tta": "{winner}: 열끗 {animals}장",
    "go": "{player}: {count}고",
    "shake": "{player}: 흔들기 {count}번",
    "bomb": "{player}: 폭탄 {count}번",
    "nagari-carry": "앞 판 나가리 (×{carry})",
    "go-bak": "{loser}: 고를 하고 짐",
    "dokbak": "{player}: 두 몫을 두 배로",
}


def reason(rule: str, english: str, params: Mapping[str, object], lang: Lang = "en") -> str:
    """Why a factor applies, in the reader's language (the English sentence when no template fits)."""
    template = _KO_REASONS.get(rule) if lang == "ko" else None
    if template is None:
        return english
    try:
        text = template.format(**params)
    except (KeyError, IndexError):
        return english
    if rule == "gwang-bak" and params.get("rain"):
        text += " (비광은 막지 못함)"
    if rule == "meong-tta" and params.get("loser_none"):
        text += f" · {params.get('loser')}: 열끗 없음"
    return text
