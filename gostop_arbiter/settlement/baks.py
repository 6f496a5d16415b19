"""The baks (박): a loser's factor for what their pile lacks against the winner's (docs/rules-reference.md
§11): pi-bak, gwang-bak, meong-tta, and where the rules play it tti-bak."""

from __future__ import annotations

from ..messages import Message, sayings
from ..records import frozen
from ..rules import Profile
from ..scoring import PileScore
from ..verdict import Factor, factor

SAID = sayings(
    "factor",
    {
        "pi-bak-worth": "{loser}'s junk is worth {junk} ({limit} or less) and {winner} scored {points} from junk",
        "pi-bak-counted": "{loser}'s junk is counted as {junk} ({limit} or less) and {winner} scored {points} "
        "from junk",
        "gwang-bak": "{loser} holds no bright and {winner} scored {points} from brights",
        "gwang-bak-rain": "{loser} holds no bright (the rain bright does not protect) and {winner} scored {points} "
        "from brights",
        "gwang-bak-points": "{loser} holds no bright and {winner} scored {points} from brights: {extra} points more",
        "gwang-bak-rain-points": "{loser} holds no bright (the rain bright does not protect) and {winner} scored "
        "{points} from brights: {extra} points more",
        "meong-tta": "{winner} holds {animals} animals",
        "meong-tta-loser-none": "{winner} holds {animals} animals and {loser} holds none",
        "tti-bak": "{loser} holds no ribbon and {winner} scored {points} from ribbons",
    },
)
"""Why each bak applies, by the facts that make it (decision P70)."""


@frozen
class Found:
    """A loser's factor found, not yet written out as the verdict's :class:`.Factor`: settling
    weighs each placement of the sake cups and keeps one, so a sentence is said in English (what a
    factor costs) only for the placement kept (decision B30)."""

    rule: str
    times: int
    said: Message
    extra: int = 0
    """Points paid on top of the multiplied amount (광박 +2 where the rules pay it so)."""

    def written(self) -> Factor:
        """The factor as the verdict holds it."""
        return factor(self.rule, self.times, self.said)


# ---- baks -----------------------------------------------------------------------------------


def _loser_junk(score: PileScore, profile: Profile) -> int:
    return score.junk_value if profile.baks.pi_bak_count == "value" else len(score.junk)


def pi_bak(winner: str, won: PileScore, loser: str, lost: PileScore, profile: Profile, players: int) -> Found | None:
    """피박: the winner scored junk points and the loser's junk is at most the profile's limit (PA-2)."""
    baks = profile.baks
    junk_points = won.points_from("pi")
    junk = _loser_junk(lost, profile)
    limit = profile.pi_bak_max(players)
    if not baks.pi_bak or not junk_points or junk > limit:
        return None
    if junk == 0 and baks.pi_bak_zero_exempt:
        return None
    said = "pi-bak-worth" if baks.pi_bak_count == "value" else "pi-bak-counted"
    return Found("pi-bak", 2, SAID(said, loser=loser, junk=junk, limit=limit, winner=winner, points=junk_points))


def gwang_bak(winner: str, won: PileScore, loser: str, lost: PileScore, profile: Profile) -> Found | None:
    """광박: the winner scored bright points and the loser holds no bright (PA-3). Where it is paid
    as points on top (``gwang_bak_points``) rather than ×2, the factor is 1 and names the points:
    :func:`bak_points` adds them."""
    bright_points = won.points_from("brights")
    if not profile.baks.gwang_bak or not bright_points:
        return None
    protecting = [c for c in lost.brights if profile.baks.gwang_bak_rain_protects or c != "12g"]
    if protecting:
        return None
    said = "gwang-bak-rain" if lost.brights else "gwang-bak"
    extra = profile.baks.gwang_bak_points
    facts: dict[str, str | int] = {
        "loser": loser,
        "winner": winner,
        "points": bright_points,
        "rain": int(bool(lost.brights)),
    }
    if extra:
        return Found("gwang-bak", 1, SAID(f"{said}-points", **facts, extra=extra), extra)
    return Found("gwang-bak", 2, SAID(said, **facts))


def bak_points(found: list[Found]) -> int:
    """The points a loser pays on top of the multiplied amount (광박 +2)."""
    return sum(f.extra for f in found)


def meong_tta(winner: str, won: PileScore, loser: str, lost: PileScore, profile: Profile) -> Found | None:
    """멍따: the winner holds seven or more animals (PA-4)."""
    mode = profile.baks.meong
    if mode == "off" or len(won.animals) < 7:
        return None
    if mode == "winner-seven-loser-zero" and lost.animals:
        return None
    none = mode == "winner-seven-loser-zero"
    said = "meong-tta-loser-none" if none else "meong-tta"
    return Found("meong-tta", 2, SAID(said, winner=winner, animals=len(won.animals), loser=loser, loser_none=int(none)))


_RIBBON_LINES = ("ribbons", "hongdan", "cheongdan", "chodan")


def tti_bak(winner: str, won: PileScore, loser: str, lost: PileScore, profile: Profile) -> Found | None:
    """띠박: the winner scored ribbon points (the count or a dan) and the loser holds no ribbon that
    counts (PA-11, FW, Namu via RC)."""
    if not profile.baks.tti_bak or lost.ribbons:
        return None
    ribbon_points = sum(won.points_from(rule) for rule in _RIBBON_LINES)
    if not ribbon_points:
        return None
    return Found("tti-bak", 2, SAID("tti-bak", loser=loser, winner=winner, points=ribbon_points))
