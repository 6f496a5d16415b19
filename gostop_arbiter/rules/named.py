"""The named profiles of GSN §7, with the values docs/rules-reference.md ("The named profiles")
pins, and its standard elsewhere.

A profile is written as the changes it makes to ``standard``, so that what sets it apart reads at a
glance. Decisions taken where the seeds are silent or unclear are in docs/decisions.md (R-entries).
"""

from __future__ import annotations

from typing import Any

from ..errors import RulesError
from ..messages import sayings
from ..notation.errors import did_you_mean
from ..records import replace
from .display import korean_spellings, profile_code
from .profile import Game, Profile, with_overrides

STANDARD = Profile(
    name="standard",
    summary="common Korean practice: 맞고 minimum 7, pi-bak at 7 or less; 고스톱 minimum 3, pi-bak at 5 or less, "
    "독박; four at the table sell brights",
)


def _variant(name: str, summary: str, game: Game = "go-stop", **changes: dict[str, Any]) -> Profile:
    """``standard`` with some knobs of some groups changed (the tests check every value's type)."""
    groups = {group: replace(getattr(STANDARD, group), **knobs) for group, knobs in changes.items()}
    return replace(STANDARD, name=name, summary=summary, game=game, **groups)


ONLINE_MATGO = _variant(
    "online-matgo",
    "two players as on the big Korean online services (Hangame 신맞고 as the reference): bonus cards b2 b3 that "
    "steal, first-ppeok payments 7/14/21, three ppeoks win 7, first ttadak 7, a two-card bomb (수류탄) that "
    "steals without a multiplier, chongtong 10",
    deck={"bonus_cards": ["b2", "b3"]},
    events={
        "bonus_steal": 1,
        "first_ppeok_pay": [7, 14, 21],
        "three_ppeok_points": 7,
        "first_ttadak_pay": 7,
        "two_card_bomb": "no-multiplier",
    },
    deal={"chongtong_points_2p": 10},
)

WIKIPEDIA = _variant(
    "wikipedia",
    "the English Wikipedia article (seed 000): 5a and 9a as double junk, 12r no ribbon, pi-bak below 6, "
    "go +1, +2, then ×(n−1), every go-calling loser pays double",
    deck={"switchable_animals": [5, 9]},
    scoring={"rain_ribbon_counts": False},
    baks={
        "pi_bak_max_2p": 5,
        "pi_bak_max_3p": 5,
        "pi_bak_zero_exempt": False,
        "go_bak_2p": True,
        "dokbak": "double",
    },
    go={"go_schedule": "wikipedia", "go_add_keeps_after_3": True},
    events={"ja_ppeok_steal": 1},
)

GAMERULES = _variant(
    "gamerules",
    "the gamerules.com article (seed 001): jokers b2 b3 played as the hand card, steals only for sweep "
    "(two cards), ttadak, chok and stacks, bomb without steal or multiplier, +1 per go, no go-bak",
    deck={"bonus_cards": ["b2", "b3"]},
    events={
        "bonus_from_hand": "flip-as-substitute",
        "sweep_rule": "two-different-months",
        "ja_ppeok_window": "next-own-turn",
        "bomb_steal": 0,
        "bomb_multiplier": 1,
        "bomb_after_shake": False,
        "shake_timing": "any-turn-start",
        "three_ppeok": False,
    },
    deal={"chongtong_points_2p": 5, "chongtong_points_3p": 5, "chongtong_all_void": True},
    go={"go_schedule": "gamerules"},
    baks={
        "pi_bak_max_2p": 5,
        "pi_bak_max_3p": 5,
        "pi_bak_zero_exempt": False,
        "go_bak_2p": False,
        "dokbak": "off",
    },
    four_players={"mode": "watch"},
)

WIKIPEDIA_IT = _variant(
    "wikipedia-it",
    "the Italian Wikipedia article (seed 002): triples must be shown before the first turn, only 9a as "
    "double junk, no four-player hand",
    events={"shake_timing": "at-deal"},
    four_players={"mode": "unplayable"},
)

MINHWATU = _variant(
    "minhwatu",
    "민화투 (the Hwatu variation of seed 000): bright 20, animal 10, ribbon 5, junk 0; hongdan and cheongdan 30, "
    "all four of May, October or December 20, of November 40; balances against 240 ÷ players",
    game="minhwatu",
    deal={"hand_4p": 5, "table_4p": 8},
    four_players={"mode": "sell-last"},
)

CS470 = _variant(
    "cs470",
    "two players as the cs470 engine (go-stop-python) plays, its slips kept: bonus cards b2 b3 that steal, a "
    "two-card bomb that counts as a shake, four of a month bombed from the hand, three ppeoks (a ttadak counting) "
    "win 10, ttadak and stacks steal on the last card, whose ppeok leaves the flip, a sweep from an empty table, "
    "one turn's steals paid together, the sake cup given first, the winner's cup an animal",
    deck={
        "bonus_cards": ["b2", "b3"],
        "gukjin_mode": "winner-animal",
        "gukjin_given_first": True,
        "gukjin_fixed": "at-capture",
    },
    events={
        "bonus_steal": 1,
        "bonus_steal_in_stack": "when-taken",
        "two_card_bomb": "double",
        "four_card_bomb": True,
        "three_ppeok_points": 10,
        "ttadak_counts_as_ppeok": True,
        "last_turn_ttadak": True,
        "last_turn_stack_steal": True,
        "last_card_flip_left": True,
        "sweep_requires_nonempty_start": False,
        "steals_combined": True,
    },
    four_players={"mode": "unplayable"},
)

PROFILES: dict[str, Profile] = {
    p.name: p for p in (STANDARD, ONLINE_MATGO, WIKIPEDIA, GAMERULES, WIKIPEDIA_IT, MINHWATU, CS470)
}
"""Every named profile, by the name a ``[Rules "NAME"]`` tag uses."""


NAMED = sayings(
    "rules",
    {
        "unknown-profile": "unknown rules profile '{name}'; the profiles are: {names}",
        "unknown-profile-meant": "unknown rules profile '{name}' (did you mean {close}?); the profiles are: {names}",
    },
)


def profile_named(name: str) -> Profile:
    """The named profile, its name written in any case or in Korean (``Standard``, ``표준``);
    :class:`RulesError` lists the names when there is none of that name."""
    written = name.strip()
    key = profile_code(written)
    if key in PROFILES:
        return PROFILES[key]
    names = ", ".join(PROFILES)
    close = did_you_mean(written, [*PROFILES, *korean_spellings()])
    if close is None:
        raise RulesError(NAMED("unknown-profile", name=name, names=names))
    raise RulesError(NAMED("unknown-profile-meant", name=name, close=close, names=names))


def resolve(name: str, overrides: dict[str, str]) -> Profile:
    """The profile a hand plays under: a named profile with its ``Set`` overrides."""
    return with_overrides(profile_named(name), overrides)
