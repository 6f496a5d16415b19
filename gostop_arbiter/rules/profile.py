"""Rules profiles: named sets of knob values, and ``[Set "knob=value"]`` overrides (GSN §7)."""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any, Literal, get_args, get_origin

from ..cards import Deck
from ..errors import KNOB_VALUE, KnobError, RulesError
from ..messages import Message
from ..notation.errors import did_you_mean
from ..records import AtLeast, closed_record, dump, field_names, field_types, nested, validate
from .knobs import (
    VALUES,
    BakRules,
    DealRules,
    DeckRules,
    EventRules,
    FourPlayerRules,
    GoRules,
    MinhwatuRules,
    ScoringRules,
    SettlementRules,
)

Game = Literal["go-stop", "minhwatu"]


@closed_record
class Profile:
    """A complete rules profile: the game, and every knob in its group."""

    name: str
    summary: str = ""
    game: Game = dataclasses.field(default="go-stop", metadata={"description": "go-stop (incl. Matgo) or minhwatu"})
    deck: DeckRules = nested(DeckRules)
    deal: DealRules = nested(DealRules)
    events: EventRules = nested(EventRules)
    scoring: ScoringRules = nested(ScoringRules)
    go: GoRules = nested(GoRules)
    baks: BakRules = nested(BakRules)
    settlement: SettlementRules = nested(SettlementRules)
    four_players: FourPlayerRules = nested(FourPlayerRules)
    minhwatu: MinhwatuRules = nested(MinhwatuRules)

    def the_deck(self) -> Deck:
        """The cards in play under this profile."""
        return _deck(tuple(self.deck.bonus_cards), self.deck.december_second_double)

    def min_score(self, players: int) -> int:
        """났다: the score that lets a player call go or stop."""
        return self.go.min_score_2p if players == 2 else self.go.min_score_3p

    def pi_bak_max(self, players: int) -> int:
        return self.baks.pi_bak_max_2p if players == 2 else self.baks.pi_bak_max_3p

    def deal_size(self, players: int) -> tuple[int, int]:
        """(cards to each hand, cards to the table) for this many players at the table."""
        d = self.deal
        return {2: (d.hand_2p, d.table_2p), 3: (d.hand_3p, d.table_3p)}.get(players, (d.hand_4p, d.table_4p))

    def table_after_sitting_out(self, players: int) -> bool:
        """Seven at a Go-Stop table (4P-3): everyone is dealt a hand and the table nothing; the table's
        cards are dealt from the stock once four sit out, their hands shuffled into it (decision R80)."""
        return self.game == "go-stop" and players == SEVEN

    def deal_fits(self, players: int) -> bool:
        """The deck holds the deal for this many at the table: seven of 7 need a joker (4P-3)."""
        hand, table = self.deal_size(players)
        first = 0 if self.table_after_sitting_out(players) else table
        return players * hand + first <= self.the_deck().size


SEVEN = 7
"""The most at a Go-Stop table (4P-3): seven, dealt 7 each and none to the table."""


@lru_cache(maxsize=32)  # bounded: a file's [Set] tags may ask for any number of bonus cards
def _deck(bonus: tuple[str, ...], december_second_double: bool) -> Deck:
    return Deck.of(bonus, {"12a": "12pp"} if december_second_double else None)


GROUPS: dict[str, type] = {
    "deck": DeckRules,
    "deal": DealRules,
    "events": EventRules,
    "scoring": ScoringRules,
    "go": GoRules,
    "baks": BakRules,
    "settlement": SettlementRules,
    "four_players": FourPlayerRules,
    "minhwatu": MinhwatuRules,
}
"""Each knob group's field in a profile → its record class, in the order ``rules`` shows them."""


def knob_index() -> dict[str, tuple[str, str]]:
    """Every knob name → (group, field). Knob names are unique across groups."""
    index: dict[str, tuple[str, str]] = {"game": ("", "game")}
    for group, rules in GROUPS.items():
        for name in field_names(rules):
            assert name not in index, f"knob {name} is defined twice"
            index[name] = (group, name)
    return index


KNOBS = knob_index()


def _annotation(group: str, field: str) -> Any:
    model = Profile if not group else field_types(Profile)[group]
    return field_types(model)[field]


def _coerce(text: str, annotation: Any) -> Any:
    """A knob value from its text form, by the knob's type (validation is pydantic's)."""
    text = text.strip()
    origin = get_origin(annotation)
    if origin is list:
        return [part for part in text.replace(",", " ").split() if part]
    if annotation is bool:
        lowered = text.lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise RulesError(VALUES("not-bool", text=text))
    if type(None) in get_args(annotation) and text.lower() in ("none", "null", "off", ""):
        return None
    return text


def valid_values(group: str, field: str) -> str | Message:
    """The values a knob takes, in words, for error messages."""
    annotation = _annotation(group, field)
    if get_origin(annotation) is Literal:
        return ", ".join(get_args(annotation))
    if annotation is bool:
        return VALUES("bool")
    if get_origin(annotation) is list:
        return VALUES("list")
    least = _least(group, field)
    number = VALUES("number") if least is None else VALUES("number-least", least=least)
    if type(None) in get_args(annotation):
        return VALUES("or-none", value=number)
    return number


def _least(group: str, field: str) -> int | None:
    """The least value a whole-number knob takes (its :class:`AtLeast`: knobs.Count, knobs.Positive)."""
    from typing import get_type_hints

    model = Profile if not group else field_types(Profile)[group]
    written = get_type_hints(model, include_extras=True)[field]
    for part in (written, *get_args(written)):
        for bound in getattr(part, "__metadata__", ()):
            if isinstance(bound, AtLeast):
                return bound.least
    return None


def unknown_knob(name: str) -> Message:
    """The message for a knob there is none of: the close names, and where all of them are (not
    all ninety in one line, decision P6)."""
    close = did_you_mean(name.split(".")[-1], KNOBS)
    if close is None:
        return VALUES("unknown-knob", name=name)
    return VALUES("unknown-knob-meant", name=name, close=close)


def with_overrides(profile: Profile, overrides: dict[str, str]) -> Profile:
    """The profile with ``knob=value`` overrides applied; :class:`RulesError` names what is wrong."""
    if not overrides:
        return profile
    data = dump(profile)
    for name, text in overrides.items():
        key = name.split(".")[-1]
        if key not in KNOBS or (key == "game" and "." in name):
            raise RulesError(unknown_knob(name), knob=name)
        group, field = KNOBS[key]
        try:
            value = _coerce(text, _annotation(group, field))
        except RulesError as error:
            raise RulesError(KNOB_VALUE("knob-value", knob=field, problem=error.said), knob=name) from None
        if group:
            data[group][field] = value
        else:
            data[field] = value
    from pydantic import ValidationError

    try:
        return validate(Profile, data)
    except ValidationError as error:
        problems: list[Message] = []
        fields: list[str] = []
        for detail in error.errors():
            cause = detail.get("ctx", {}).get("error")
            if isinstance(cause, KnobError):
                problems.append(cause.said)
                fields.append(cause.knob)
                continue
            location = [str(part) for part in detail["loc"] if not isinstance(part, int)]
            field = location[-1]
            fields.append(field)
            group = location[0] if len(location) > 1 else ""
            if field in KNOBS:
                valid = valid_values(group, field)
                problems.append(VALUES("invalid", knob=field, problem=detail["msg"], valid=valid))
            else:
                problems.append(VALUES("invalid-no-hint", knob=field, problem=detail["msg"]))
        said = problems[0]
        for problem in problems[1:]:
            said = VALUES("problems", head=said, next=problem)
        raise RulesError(said, knob=fields[0]) from None
