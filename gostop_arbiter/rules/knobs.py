"""The knobs of a rules profile: one for each variant axis of docs/rules-reference.md §16.2 that GSN can express.

Each group is a record (``gostop_arbiter.records``); each knob has its meaning and the rule it
comes from (``docs/rules-reference.md`` IDs such as GS-4) in its description, which ``gostop-arbiter rules``
prints. The defaults are the values of the ``standard`` profile. Knobs for variants that a GSN
transcript cannot record (a draw-3 bomb, deal packet order, first-dealer method) are left out.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, Literal

from ..errors import KnobError
from ..messages import sayings
from ..records import AtLeast, closed_record, listed

VALUES = sayings(
    "rules",
    {
        "not-bonus": "{code} is not a bonus card (b2 or b3)",
        "no-animal": "month {month} has no animal",
        "not-bool": "'{text}' is not true or false",
        "invalid": "{knob}: {problem} (valid: {valid})",
        "invalid-no-hint": "{knob}: {problem}",
        "bool": "true or false",
        "list": "a list separated by spaces",
        "number": "a whole number",
        "number-least": "a whole number, {least} or more",
        "or-none": "{value}, or none",
        "unknown-knob": "unknown knob '{name}'; `gostop-arbiter rules standard` lists every knob with its meaning, "
        "and docs/rules.md every profile's value of each",
        "unknown-knob-meant": "unknown knob '{name}' (did you mean {close}?); `gostop-arbiter rules standard` lists "
        "every knob with its meaning, and docs/rules.md every profile's value of each",
        "problems": "{head}; {next}",
    },
)
"""What is said of a knob's value the rules cannot take (decision P75)."""

Count = Annotated[int, AtLeast(0)]
"""A knob that counts something (cards, junk, points): 0 or more."""

Positive = Annotated[int, AtLeast(1)]
"""A knob that cannot be 0: a minimum score, a factor, a hand's size, a cap."""


def knob(default: Any, meaning: str, rule: str) -> Any:
    """A profile knob: its default, its meaning in one line, and the docs/rules-reference.md rule it comes from."""
    metadata = {"description": f"{meaning} ({rule})", "json_schema_extra": {"rule": rule}}
    if isinstance(default, list):
        return listed(default, **metadata)
    return dataclasses.field(default=default, metadata=metadata)


@closed_record
class DeckRules:
    """What is in the deck and how the switchable animals count."""

    bonus_cards: list[str] = knob([], "bonus cards added to the 48, e.g. b2 b3 (repeat a code for two copies)", "DK-6")
    switchable_animals: list[int] = knob([9], "months whose animal may count as double junk instead", "DK-3, DK-4")
    december_second_double: bool = knob(
        False, "the December swallow (12a) is printed as a second double junk: the deck holds 12pp twice", "DK-1, DK-5"
    )
    gukjin_mode: Literal["optimal", "animal", "both", "winner-animal"] = knob(
        "optimal",
        "an undeclared switchable animal counts in its owner's favour (optimal), as an animal, as both at once, or "
        "as an animal for its owner's calls and as a winner, in a loser's favour (winner-animal, cs470)",
        "DK-3",
    )
    gukjin_protected: bool = knob(True, "an undeclared sake cup is never handed over in a steal", "DK-3")
    bonus_doubles: bool = knob(
        False, "a winner is paid double for each bonus card in the winner's pile (a joker's power)", "DK-6"
    )
    bonus_exempts_baks: bool = knob(
        False, "a loser holding a bonus card pays no pi-bak, gwang-bak, meong-tta or tti-bak (a joker's power)", "DK-6"
    )
    bonus_exempts_dokbak: bool = knob(
        False,
        "a loser who had called go and holds a bonus card pays only their own share, neither the other loser's "
        "(독박) nor double (go-bak) (a joker's power)",
        "DK-6, PA-6, PA-7",
    )
    gukjin_given_first: bool = knob(
        False, "a sake cup counted as junk is handed over in a steal before a printed double junk (cs470)", "DK-3, ST-2"
    )
    gukjin_fixed: Literal["at-stop", "at-first-call", "at-capture"] = knob(
        "at-stop",
        "when a declared sake cup's place is fixed: once the hand is stopped, at its owner's first call, or as soon "
        "as it is declared (on capture); one declared as double junk never goes back to an animal",
        "DK-3",
    )

    def __post_init__(self) -> None:
        for code in self.bonus_cards:
            if code not in ("b2", "b3"):
                raise KnobError("bonus_cards", VALUES("not-bonus", code=code))
        for month in self.switchable_animals:
            if month not in (2, 4, 5, 6, 7, 8, 9, 10, 12):
                raise KnobError("switchable_animals", VALUES("no-animal", month=month))


@closed_record
class DealRules:
    """Deal sizes and what happens before the first turn."""

    hand_2p: Positive = knob(10, "cards dealt to each of two players", "DL-1")
    table_2p: Count = knob(8, "cards dealt face up with two players", "DL-1")
    hand_3p: Positive = knob(7, "cards dealt to each of three players", "DL-1")
    table_3p: Count = knob(6, "cards dealt face up with three players", "DL-1")
    hand_4p: Positive = knob(7, "cards dealt to each of four at the table", "DL-1, 4P-1")
    table_4p: Count = knob(6, "cards dealt face up with four at the table", "DL-1, 4P-1")
    floor_quad: Literal["redeal", "nagari", "dealer-wins"] = knob(
        "redeal", "four of a month on the table: redeal by the same dealer, a nagari, or the dealer wins", "PC-1"
    )
    natural_stack_steal: Count = knob(1, "junk from each opponent for taking a triple dealt to the table", "PC-2")
    chongtong_points_2p: Count = knob(10, "points a chongtong wins with two players", "PC-4")
    chongtong_points_3p: Count = knob(3, "points a chongtong wins from each opponent with three players", "PC-4")
    chongtong_all_void: bool = knob(False, "when every player declares a chongtong, nobody pays", "PC-4")
    chongtong_several: Literal["first-in-turn", "nagari"] = knob(
        "first-in-turn",
        "when several players declare a chongtong: the first in turn order from the dealer wins, or a nagari",
        "PC-4",
    )
    chongtong_carry: bool = knob(True, "a chongtong's points are multiplied by the nagari carry", "PC-4")
    chongtong_redeal: bool = knob(
        False,
        "a chongtong is paid its points as an agreed sum and the same dealer deals again, instead of the holder "
        "dealing next as a winner",
        "PC-4",
    )
    chongtong_kept_multiplier: Positive = knob(
        1,
        "들고치기: a winner who was dealt four of a month and played on without declaring a chongtong is paid "
        "this many times (Netmarble 2; Pmang's ×4 is the shake and bomb of the four, as played; 1: nothing more)",
        "PC-4",
    )
    kept_triple_multiplier: Positive = knob(
        1,
        "a winner who was dealt three of November or three of December and played on is paid this many times, "
        "as for a chongtong played on (4 where a table counts such a triple as a chongtong; 1: nothing more)",
        "PC-4",
    )


@closed_record
class EventRules:
    """Steals, special events, bombs, shakes and the last-turn exceptions."""

    bonus_from_hand: Literal["draw-to-hand", "flip-as-substitute"] = knob(
        "draw-to-hand",
        "a bonus card from the hand: draw a replacement into the hand, or flip and play the flip as the hand card",
        "TU-1",
    )
    bonus_steal: Count = knob(
        0, "junk from each opponent when a bonus card is gained from the hand or the stock", "TU-1"
    )
    bonus_steal_in_stack: Literal["when-flipped", "when-taken"] = knob(
        "when-flipped",
        "a bonus card flipped into a ppeok steals when it is flipped, or only when the stack is taken (cs470)",
        "TU-1, EV-2",
    )
    stack_steal: Count = knob(1, "junk from each opponent for taking another player's ppeok", "EV-2")
    ja_ppeok_steal: Count = knob(2, "junk value from each opponent for taking one's own ppeok (자뻑)", "EV-2")
    ja_ppeok_window: Literal["any-later-turn", "next-own-turn"] = knob(
        "any-later-turn", "when taking one's own ppeok counts as a ja-ppeok", "EV-2"
    )
    stack_steal_from: Literal["each-opponent", "owner-only"] = knob(
        "each-opponent", "who gives junk when another player's ppeok is taken", "EV-2"
    )
    last_turn_stack_steal: bool = knob(False, "taking a stack steals even on the own last card", "EV-2")
    steals_combined: bool = knob(
        False,
        "the steals of one turn are added up and paid at once with the fewest cards worth at least the sum, a double "
        "before two singles (cs470)",
        "ST-4",
    )
    multi_steal_unit: Literal["value", "cards"] = knob(
        "value", "a steal of two counts junk value (a double settles it) or cards", "ST-4"
    )
    steal_change: bool = knob(False, "giving a double for a steal of one takes a single back (거스름)", "ST-2")
    chok_steal: Count = knob(1, "junk from each opponent for a chok (쪽)", "EV-5")
    last_turn_chok: bool = knob(False, "a chok steals even on the own last card", "EV-5")
    ttadak_steal: Count = knob(1, "junk from each opponent for a ttadak (따닥)", "EV-6")
    last_turn_ttadak: bool = knob(False, "a ttadak steals even on the own last card (cs470)", "EV-6, EV-10")
    ttadak_counts_as_ppeok: bool = knob(
        False, "a ttadak counts toward the three ppeoks, which still win only on a ppeok (cs470)", "EV-4, EV-6"
    )
    sweep_steal: Count = knob(1, "junk from each opponent for a sweep (싹쓸이)", "EV-7")
    sweep_rule: Literal["empty-table", "two-different-months"] = knob(
        "empty-table",
        "a sweep empties the table, or takes the last two cards of different months (gamerules)",
        "EV-7",
    )
    sweep_requires_nonempty_start: bool = knob(True, "a sweep needs a card on the table at the turn's start", "EV-7")
    last_card_ppeok: bool = knob(
        False, "a ppeok is made even on the own last card, and counts as one (마지막 뻑)", "EV-1, EV-10"
    )
    last_card_flip_left: bool = knob(
        False,
        "where a ppeok on the own last card is none, the hand card takes its pair and the flip stays on the table "
        "(cs470)",
        "EV-1, EV-10",
    )
    last_turn_scope: Literal["own-last-card", "final-turn-of-hand"] = knob(
        "own-last-card", "which turn the last-card exceptions apply to (a bomb's dummy counts as a card)", "EV-10"
    )
    first_ppeok_pay: list[Count] = knob(
        [], "immediate points for a ppeok on the first own turn, then on the first two, then three", "EV-3"
    )
    three_ppeok: bool = knob(True, "three ppeoks in a hand win it at once", "EV-4")
    three_ppeok_points: Count = knob(0, "points of a three-ppeok win (0: the minimum score)", "EV-4")
    first_chok_pay: Count = knob(0, "immediate points for the first chok of the hand", "EV-5")
    first_pay_scope: Literal["first-of-hand", "first-own-turn"] = knob(
        "first-of-hand",
        "whose chok or ttadak the first_chok_pay and first_ttadak_pay reward: the first of the hand, or one made on "
        "the player's own first turn (첫쪽, 첫따닥)",
        "EV-5, EV-6",
    )
    first_ttadak_pay: Count = knob(0, "immediate points for the first ttadak of the hand", "EV-6")
    bomb_steal: Count = knob(1, "junk from each opponent for a bomb (폭탄)", "EV-8")
    bomb_multiplier: Positive = knob(2, "payment factor for each bomb of the winner (1: none)", "EV-8, PA-5")
    bomb_after_shake: bool = knob(True, "a triple already shown by a shake may later be bombed", "EV-8")
    bomb_dummies: Count = knob(2, "dummy turns (pass) a bomb gives", "EV-8")
    bomb_flips: Positive = knob(
        1,
        "cards flipped on a bomb's turn: FW's variant flips three and plays each (with bomb_dummies 0) instead of "
        "the dummy turns",
        "EV-8",
    )
    bomb_points: Count = knob(
        0, "points added to the winner's score for each bomb (폭탄 +1; with bomb_multiplier 1, instead of ×2)", "EV-8"
    )
    four_card_bomb: bool = knob(
        False,
        "four of a month from the hand alone may be bombed onto an empty table month: three dummies (cs470)",
        "EV-8",
    )
    first_bomb_pay: Count = knob(0, "immediate points for a bomb on the player's own first turn (첫폭탄)", "EV-8")
    first_turn_four_multiplier: Positive = knob(
        1,
        "a winner who captured all four cards of a month on their own first turn is paid this many times "
        "(FW: 4; 1: nothing more)",
        "EV-12",
    )
    two_card_bomb: Literal["off", "no-multiplier", "double"] = knob(
        "off", "a bomb of two cards onto two on the table (수류탄)", "EV-8"
    )
    shake_timing: Literal["on-play", "any-turn-start", "at-deal"] = knob(
        "on-play",
        "when a shake is shown: with the play of one of the three, at the start of any own turn, "
        "or before the first turn",
        "EV-9",
    )
    shake_multiplier: Positive = knob(2, "payment factor for each shake of the winner", "EV-9, PA-5")


@closed_record
class ScoringRules:
    """The points of a capture pile (족보)."""

    three_brights: Count = knob(3, "points for three brights without the rain bright", "SC-1")
    three_brights_with_rain: Count = knob(2, "points for three brights with the rain bright (비삼광)", "SC-1")
    four_brights: Count = knob(4, "points for four brights", "SC-1")
    four_brights_with_rain: Count | None = knob(
        None, "points for four brights with the rain bright (none: as four_brights)", "SC-1"
    )
    five_brights: Count = knob(15, "points for five brights", "SC-1")
    six_brights_points: Count = knob(
        0, "points for five brights with a bonus card held as a sixth (6광, a joker's power; 0: as five)", "SC-1, DK-6"
    )
    godori_points: Count = knob(5, "points for the three birds 2a 4a 8a (고도리)", "SC-2")
    rain_ribbon_counts: bool = knob(True, "12r counts toward the ribbon count", "SC-3")
    rain_chodan: bool = knob(False, "12r may complete the plain red ribbons (비초단)", "DK-5")
    ten_ribbons_points: Count = knob(0, "points for all ten ribbons instead of the count (0: no such rule)", "SC-3")
    six_birds_points: Count = knob(
        0, "points for the six birds 2a 4a 8a 11g (육도리), beside godori (0: no such set)", "SC-7"
    )
    three_birds_points: Count = knob(0, "points for the three birds 2a 4a 11g, beside godori (0: no such set)", "SC-7")
    bidori_points: Count = knob(
        0, "points for the four birds 2a 4a 8a and the swallow 12a (비도리), beside godori (0: no such set)", "SC-7"
    )
    palssari_points: Count = knob(
        0, "points for all four cards of April and of July (팔싸리), not toward the minimum (0: no such set)", "SC-7"
    )
    teukpi_points: Count = knob(
        0,
        "points for the three double junk 11pp 12pp and the sake cup counted as junk (특피), not toward the minimum "
        "or pi-bak (0: no such set)",
        "SC-7",
    )


@closed_record
class GoRules:
    """Minimum scores, go calls and the go bonus."""

    min_score_2p: Positive = knob(7, "minimum score to call go or stop with two players", "GS-1")
    min_score_3p: Positive = knob(3, "minimum score to call go or stop with three players", "GS-1")
    go_schedule: Literal[
        "kr-standard", "kr-double-only", "wikipedia", "fw-times-n", "gamerules", "double-from-first", "times-n-plus-one"
    ] = knob(
        "kr-standard",
        "the go bonus: kr-standard (B+n)×2^(n−2); kr-double-only; wikipedia +1, +2, ×(n−1); fw-times-n; "
        "gamerules +n, ×2 from 4 gos; double-from-first (B+n)×2^n; times-n-plus-one B×(n+1)",
        "GS-4",
    )
    go_add_keeps_after_3: bool = knob(True, "with the wikipedia schedule, the +2 stays from the third go on", "GS-4")
    reverse_go_multiplier: Positive = knob(
        1, "역고: the winner's factor when the winner's first go came after an opponent's go (1: none)", "GS-9"
    )
    reverse_go_instead: bool = knob(
        False,
        "역고's factor replaces the go multiplier instead of multiplying on top of it (IM, gostop-ts: ×4 for any "
        "number of gos; the go points are still added)",
        "GS-9",
    )
    go_when_no_cards_left: Literal["illegal", "allowed"] = knob(
        "illegal", "a go by a player with no card left in hand", "GS-6"
    )


@closed_record
class BakRules:
    """The loser-side doubles: pi-bak, gwang-bak, meong-tta, go-bak and 독박."""

    pi_bak: bool = knob(True, "pi-bak (피박): a loser with little junk pays double when the winner scored junk", "PA-2")
    pi_bak_max_2p: Count = knob(7, "pi-bak when the loser's junk is at most this, with two players", "PA-2")
    pi_bak_max_3p: Count = knob(5, "pi-bak when the loser's junk is at most this, with three players", "PA-2")
    pi_bak_zero_exempt: bool = knob(True, "a loser with no junk at all is not pi-bak", "PA-2")
    pi_bak_count: Literal["value", "cards"] = knob("value", "the loser's junk is counted by value or by cards", "PA-2")
    gwang_bak: bool = knob(
        True, "gwang-bak (광박): a loser with no bright pays double when the winner scored brights", "PA-3"
    )
    gwang_bak_rain_protects: bool = knob(True, "the rain bright protects a loser from gwang-bak", "PA-3")
    gwang_bak_points: Count = knob(
        0, "points a loser without a bright pays on top instead of gwang-bak's ×2 (광박 +2; 0: ×2)", "PA-3"
    )
    meong: Literal["winner-seven", "winner-seven-loser-zero", "off"] = knob(
        "winner-seven",
        "meong-tta (멍따): double when the winner holds 7+ animals (every loser, or a loser with none)",
        "PA-4",
    )
    tti_bak: bool = knob(
        False, "tti-bak (띠박): a loser with no ribbon pays double when the winner scored ribbons", "PA-11"
    )
    go_bak_2p: bool = knob(True, "go-bak (고박): with two players a loser who had called go pays double", "PA-6")
    dokbak: Literal["transfer", "double", "off"] = knob(
        "transfer",
        "three players: a go-calling loser pays both losers' shares (독박), pays double, or nothing changes",
        "PA-7",
    )
    dokbak_when_both_went: Literal["last-caller", "first-caller"] = knob(
        "last-caller", "when both losers had called go, who is liable", "PA-7"
    )
    dokbak_extra_double: bool = knob(False, "the liable loser pays both shares ×2", "PA-7")
    dokbak_transfers_baks: bool = knob(True, "the transferred share keeps the other loser's own baks", "PA-7")
    shodang: Literal["off", "refuser-pays-both", "refuser-pays-if-accepter-wins"] = knob(
        "refuser-pays-both",
        "쇼당, three playing: a player offers a draw before their turn; both accept: nagari; a loser who refused "
        "pays both losers' shares, or only when the one who accepted wins; or no shodang",
        "PA-7",
    )


@closed_record
class SettlementRules:
    """How a result becomes payments across hands."""

    fixed_win_multipliers: bool = knob(
        False, "fixed-score wins (chongtong, three ppeoks) take in-hand multipliers", "PA-8"
    )
    empty_pile_exemption: bool = knob(False, "a loser who captured nothing pays nothing", "PA-9")
    payment_cap: Positive | None = knob(None, "most points one loser pays for a hand (none: no cap)", "PA-10")
    nagari_factor: Positive = knob(2, "a nagari multiplies the next hand's payments by this, compounding", "GS-8")
    nagari_cap: Positive | None = knob(None, "the largest carry (none: no cap)", "GS-8")
    nagari_carries_deeds: bool = knob(
        False, "a nagari also carries the void hand's shakes, bombs and go multipliers into the next hand", "GS-8"
    )


@closed_record
class FourPlayerRules:
    """Four at the table: one sits out (광팔기)."""

    mode: Literal["sell-last", "watch", "unplayable"] = knob(
        "sell-last",
        "four at the table: the last in turn order sells brights unless someone folds; one watches unpaid; "
        "or not allowed",
        "4P-1",
    )
    fold_allowed: bool = knob(True, "a non-dealer may fold (죽기) instead", "4P-1")
    no_consecutive_fold: bool = knob(True, "a player who folded last hand may not fold again (연사 금지)", "4P-1")
    sale_price: Count = knob(1, "points per counted card of the seller's hand", "4P-1")
    sale_counts: Literal["brights", "brights-and-bonus", "brights-bonus-doubles"] = knob(
        "brights", "which of the seller's cards are counted", "4P-1"
    )
    sale_rain_alone_counts: bool = knob(True, "the rain bright counts even without another bright", "4P-1")
    sale_triple_doubles: bool = knob(False, "the price doubles when the seller holds three of a month", "4P-1")
    sale_payers: Literal["non-dealer-actives", "all-others", "losers-at-end"] = knob(
        "non-dealer-actives",
        "who pays the seller: the two who play and do not deal, every other player, or the hand's losers once it "
        "is won (nobody after a nagari; FW)",
        "4P-1",
    )


@closed_record
class MinhwatuRules:
    """민화투: card points and yak bonuses (docs/rules-reference.md §14)."""

    bright_points: Count = knob(20, "card points of a bright", "MH-2")
    animal_points: Count = knob(10, "card points of an animal", "MH-2")
    ribbon_points: Count = knob(5, "card points of a ribbon", "MH-2")
    junk_points: Count = knob(0, "card points of junk", "MH-2")
    yak_hongdan: Count = knob(30, "from each other player for the red poem ribbons", "MH-6")
    yak_cheongdan: Count = knob(30, "from each other player for the blue ribbons", "MH-6")
    yak_chodan: Count = knob(0, "from each other player for the plain red ribbons", "MH-6")
    yak_may: Count = knob(20, "from each other player for all four of May", "MH-6")
    yak_october: Count = knob(20, "from each other player for all four of October", "MH-6")
    yak_november: Count = knob(40, "from each other player for all four of November", "MH-6")
    yak_december: Count = knob(20, "from each other player for all four of December", "MH-6")
