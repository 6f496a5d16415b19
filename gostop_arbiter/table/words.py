"""The table app's own sentences: what its page says around the arbiter's words, in English, the
language of the code; the Korean is in the message catalogue (``gostop_arbiter/locale``), under
the context ``table``. The rule and event terms are the catalogue's own (:func:`messages.term`).
The page is sent them as data, with the cards' names (:mod:`..card_names`) and the house rules
in words, so that it builds no sentence of its own and shows no code: a field the page fills
(``{name}``) is never followed by a particle, which only the server chooses (:mod:`.said`)."""

from __future__ import annotations

from typing import Any

from ..card_names import card_vocabulary, month_name, plant
from ..messages import Lang, pgettext, term
from ..rules.choices import CHOICES

_WORDS: dict[str, str] = {
    "title": "Go-Stop table",
    "scorekeeper": "scorekeeper",
    "watcher": "watching",
    "live": "live",
    "offline": "reconnecting…",
    "language": "한국어",
    "setup": "Set up the table",
    "seats": "Players, in order of play (counter-clockwise)",
    "seat": "player",
    "dealer": "Dealer (선)",
    "dealer-short": "dealer",
    "stake": "Money per point",
    "rules": "Rules",
    "knobs": "House rules",
    "event": "Name of the evening",
    "start": "Start the hand",
    "deal-hand": "{name}'s hand: tap {count} cards",
    "deal-table": "The table: tap {count} cards",
    "unseen": "Not seen",
    "chosen": "{n} of {count}",
    "next": "Next",
    "back": "Back",
    "record-deal": "Record the deal",
    "turn-of": "{name}'s turn",
    "call-of": "{name}: go or stop?",
    "deal-due": "Deal the cards",
    "tally-due": "At the end of the hand: tap each player's pile",
    "over": "The hand is over",
    "set-up-due": "Set up the table",
    "table": "Table",
    "hand-of": "{name}'s hand",
    "unseen-hand": "{name}'s hand was not seen: tap the card played",
    "played": "Played {card}: which card was flipped?",
    "flipped": "Flipped {card}: which card was flipped next?",
    "takes": "{card}: which card does it take?",
    "pick-month": "The month of the card",
    "cards-n": "{n} cards",
    "ways": "{n} ways",
    "bonus-cards": "Bonus",
    "cancel": "Cancel",
    "no-more-flip": "No further flip",
    "other-moves": "Other statements",
    "record": "The record",
    "undo": "Undo the last",
    "undone": "Taken back",
    "redo": "Put it back",
    "show-gsn": "Show as GSN",
    "correct": "Correct",
    "save": "Save",
    "feed": "What happened",
    "scores": "Scores",
    "pile": "pile",
    "verdict": "The verdict",
    "claim": "What the table paid",
    "claim-payer": "Who paid",
    "claim-payee": "to",
    "claim-points": "Points",
    "claim-money": "Money paid",
    "claim-add": "Compare",
    "claim-nagari": "The table said nagari",
    "next-hand": "Next hand",
    "evening": "The evening",
    "hands-to": "{payer} hands {amount} to {payee}",
    "even": "Everyone is even",
    "download-gsn": "Download the record (GSN)",
    "download-html": "Replay of the evening",
    "stale": "Someone else recorded first: the page now shows the record as it is.",
    "refused": "Not recorded",
    "problems": "No longer holds",
    "stock": "{n} in the stock",
    "gos": "{n} go",
    "points": "{n} points",
    "dummy": "{n} dummy",
    "unseen-count": "{n} not seen",
    "nothing-yet": "Nothing recorded yet",
    "add-seat": "Add a player",
    "remove-seat": "Remove player",
    "statement": "The statement as a line of GSN",
    "as-check": "As check prints it",
    "not-valid": "not valid",
    "table-wrong": "The table got it wrong",
    "pays": "Who pays whom",
    "share": "The watchers' link",
    "share-how": "Let the others scan this code: their phones follow the hand, and cannot write.",
    "correct-which": "Statement {n}: {said}. Tap the card played instead, or write the line",
    "carry": "The next hand is worth ×{n} (nagari)",
    "offline-title": "Not connected",
    "back-title": "Connected again",
    "closed-title": "Recorded on another phone",
    "closed": "the question open here was closed, as the record no longer needs it. The last statement:",
    "lost": "the table's computer did not answer",
    "hint-offline": "Check that it is on and on this Wi-Fi; the page reconnects by itself. "
    "Then look at the record before tapping again.",
    "hint-refused": "Nothing was recorded: correct it, then tap again.",
    "hint-stale": "Look at the record, then tap again if it is still needed.",
    "hint-link": "Open the link again.",
    "not-following": "Not following",
    "unheard": "Recorded while this page was not connected",
    "hint-unheard": "They are in the record: undo or correct any that should not be there.",
    "not-recorded": "the last tap was not recorded: tap again",
    "tally": "Only the end of the hand",
    "tally-how": "Not recording every card? Tap each player's captured cards and the calls at the end.",
    "tally-tap": "{name}'s pile: tap the cards {name} took",
    "pile-of": "{name}'s pile",
    "tally-goes": "Goes called",
    "tally-shakes": "Shakes that count",
    "tally-bombs": "Bombs that count",
    "tally-stop": "Who stopped",
    "tally-nobody": "Nobody (nagari)",
    "tally-cup": "The sake cup in {name}'s pile counts as",
    "tally-cup-free": "Whichever scores more",
    "tally-cup-pi": "Junk",
    "tally-cup-animal": "Animal",
    "tally-record": "Record the hand",
    "less": "One fewer for {name}",
    "more": "One more for {name}",
}
"""Each sentence of the page by its key; ``{name}`` fields are filled by the page."""

_TERMS = [
    "brights",
    "animals",
    "ribbons",
    "pi",
    "ppeok",
    "ja-ppeok",
    "chok",
    "ttadak",
    "sweep",
    "stack",
    "steal",
    "stop",
    "go",
    "nagari",
    "chongtong",
    "three-ppeok",
    "bonus",
    "pass",
    "sit-out",
    "shake",
    "bomb",
    "pi-bak",
    "gwang-bak",
    "meong-tta",
    "go-bak",
    "dokbak",
]
"""The game's terms the page says."""

_MOVE_KINDS: dict[str, str] = {
    "shake": "Shake",
    "bonus": "Bonus card",
    "give": "Give junk",
    "declare-pi": "The sake cup as junk",
    "declare-animal": "The sake cup as an animal",
    "sell": "Sell the brights",
    "fold": "Fold",
    "chongtong": "Chongtong",
    "shodang": "Shodang",
    "accept": "Accept the shodang",
    "refuse": "Refuse the shodang",
    "bomb": "Bomb",
    "pass": "Dummy turn",
}
"""What the page calls each kind of statement other than a play."""


_PROFILES: dict[str, str] = {
    "standard": "Common Korean rules",
    "online-matgo": "Online Matgo",
    "wikipedia": "The English Wikipedia's rules",
    "gamerules": "The gamerules.com rules",
    "wikipedia-it": "The Italian Wikipedia's rules",
    "minhwatu": "Minhwatu",
}
"""What the page calls each rules profile (a profile not named here is called by its summary)."""


_MEANINGS: dict[str, str] = {
    "deck.gukjin_mode": "How an undeclared sake cup counts",
    "events.sweep_rule": "What makes a sweep",
    "events.bomb_points": "Points added to the winner's score for each bomb (instead of ×2 when bombs do not double)",
    "scoring.teukpi_points": "Points of three double junk (the November and December double junk and the sake cup "
    "as junk, 특피), outside the score that stops and outside pi-bak (0: none)",
    "scoring.four_brights_with_rain": "Points of four brights with the rain bright (empty: as four brights)",
    "settlement.payment_cap": "The most points one loser pays in a hand (empty: no limit)",
    "settlement.nagari_cap": "The largest multiplier a nagari carries (empty: no limit)",
    "deck.bonus_cards": "Bonus cards added to the 48: b2 a double, b3 a triple junk, once for each card",
    "scoring.godori_points": "Points for godori, the three birds (2, 4 and 8 animal)",
    "scoring.rain_ribbon_counts": "The rain ribbon (12 ribbon) counts toward the ribbons",
    "scoring.rain_chodan": "The rain ribbon may complete the plain red ribbons (비초단)",
    "scoring.six_birds_points": "Points for the six birds (2, 4 and 8 animal and 11 bright), beside godori (0: none)",
    "scoring.three_birds_points": "Points for the three birds 2 and 4 animal and 11 bright, beside godori (0: none)",
    "scoring.bidori_points": "Points for 비도리, the four birds (2, 4 and 8 animal and the December swallow), "
    "beside godori (0: none)",
    "go.go_schedule": "The go bonus",
    "go.go_add_keeps_after_3": "With the English Wikipedia's go bonus, the +2 stays from the third go on",
    "deck.december_second_double": "A second December double junk in place of the December animal (the swallow)",
    "deck.gukjin_given_first": "A sake cup used as double junk is given first when junk is taken (the cs470 engine)",
    "events.bonus_steal_in_stack": "A bonus card flipped into a ppeok takes junk from each opponent",
    "events.steals_combined": "The junk owed in one turn is given at once, in the fewest "
    "cards worth as much (the cs470 engine)",
    "events.last_turn_ttadak": "A ttadak on one's own last card still takes junk (the cs470 engine)",
    "events.ttadak_counts_as_ppeok": "A ttadak counts as a ppeok toward three ppeoks (the cs470 engine)",
    "events.last_card_flip_left": "On the last card, a ppeok that is not one leaves the "
    "flipped card on the table (the cs470 engine)",
    "events.bomb_flips": "Cards flipped on a bomb's turn (three, one for each card, where no dummies are given)",
    "events.four_card_bomb": "Four of a month from the hand alone may be bombed, with three dummies (the cs470 engine)",
}
"""A house rule's meaning where the one ``gostop-arbiter rules`` gives names other knobs, values or
cards by their codes: the page says it in words (its choices say the rest)."""


def profile_label(name: str, lang: Lang) -> str:
    """A rules profile as the page names it (``standard``: 흔한 한국 규칙)."""
    if name in _PROFILES:
        return pgettext("table", _PROFILES[name], lang)
    from ..rules import PROFILES

    profile = PROFILES.get(name)
    return pgettext("profile", profile.summary, lang) if profile is not None else name


def page_words(lang: Lang) -> dict[str, object]:
    """Every sentence the page says, in one language, with the game's terms, the kinds of move, the
    cards' names and the house rules in words."""
    return {
        "lang": lang,
        "words": {key: pgettext("table", text, lang) for key, text in _WORDS.items()},
        "terms": {code: term(code, lang) for code in _TERMS},
        "moves": {kind: pgettext("table", text, lang) for kind, text in _MOVE_KINDS.items()},
        "cards": card_vocabulary(lang),
        "months": {month: {"name": month_name(month, lang), "plant": plant(month, lang)} for month in range(1, 13)},
        **_house_rules(lang),
    }


def _house_rules(lang: Lang) -> dict[str, Any]:
    """The knobs of the set-up's house rules: each in words, with the kind of value it takes, and
    each profile's value of it as the ``Set`` tag writes it (decision T31)."""
    from ..render.rules import knob_rows
    from ..rules import PROFILES

    knobs = []
    for row in knob_rows(PROFILES["standard"]):
        if not row["group"]:
            continue  # the game itself is the profile's
        value = row["value"]
        kind = "bool" if isinstance(value, bool) else "list" if isinstance(value, list) else "text"
        key = f"{row['group']}.{row['knob']}"
        choices = [
            {"value": c, "label": pgettext("knob choice", CHOICES.get(f"{key}={c}", c), lang)}
            for c in _choices(row["group"], row["knob"])
        ]
        if choices:
            kind = "choice"
        elif isinstance(value, int) and not isinstance(value, bool):
            kind = "int"
        knobs.append(
            {
                "group": row["group"],
                "group_label": pgettext("knob group", row["group"], lang),
                "knob": row["knob"],
                "meaning": pgettext("table", _MEANINGS[key], lang)
                if key in _MEANINGS
                else pgettext("knob", row["meaning"], lang),
                "kind": kind,
                "choices": choices,
            }
        )
    rules = {
        name: {f"{row['group']}.{row['knob']}": _written(row["value"]) for row in knob_rows(profile) if row["group"]}
        for name, profile in PROFILES.items()
    }
    return {"knobs": knobs, "rules": rules}


def _choices(group: str, knob: str) -> list[str]:
    """The values a knob of a fixed set of values takes ([] for any other knob)."""
    from typing import Literal, get_args, get_origin, get_type_hints

    from ..rules import PROFILES

    hints = get_type_hints(type(getattr(PROFILES["standard"], group)))
    annotation = hints[knob]
    return [str(v) for v in get_args(annotation)] if get_origin(annotation) is Literal else []


def _written(value: object) -> str:
    """A knob's value as a ``Set`` tag writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return "none" if value is None else str(value)
