"""The named profiles use the values docs/rules-reference.md ("The named profiles") pins; overrides and unknown names are usage errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gostop_arbiter.records import dump, validate
from gostop_arbiter.rules import KNOBS, PROFILES, Profile, RulesError, profile_named, resolve

# (profile, knob, value): every value docs/rules-reference.md ("The named profiles") pins. A test per line, so that a changed value names itself.
PINNED = [
    # standard, two players
    ("standard", "bonus_cards", []),
    ("standard", "hand_2p", 10), ("standard", "table_2p", 8),
    ("standard", "min_score_2p", 7),
    ("standard", "go_schedule", "kr-standard"),
    ("standard", "pi_bak_max_2p", 7), ("standard", "pi_bak_zero_exempt", True), ("standard", "pi_bak_count", "value"),
    ("standard", "gwang_bak", True), ("standard", "gwang_bak_rain_protects", True),
    ("standard", "meong", "winner-seven"),
    ("standard", "shake_multiplier", 2), ("standard", "bomb_multiplier", 2),
    ("standard", "go_bak_2p", True),
    ("standard", "nagari_factor", 2), ("standard", "nagari_cap", None),
    ("standard", "gukjin_mode", "optimal"), ("standard", "gukjin_protected", True), ("standard", "switchable_animals", [9]),
    ("standard", "stack_steal", 1), ("standard", "ja_ppeok_steal", 2), ("standard", "natural_stack_steal", 1),
    ("standard", "chok_steal", 1), ("standard", "ttadak_steal", 1), ("standard", "sweep_steal", 1),
    ("standard", "last_turn_scope", "own-last-card"), ("standard", "last_turn_chok", False),
    ("standard", "last_turn_stack_steal", False),
    ("standard", "bomb_steal", 1), ("standard", "bomb_dummies", 2),
    ("standard", "three_ppeok", True), ("standard", "three_ppeok_points", 0), ("standard", "fixed_win_multipliers", False),
    ("standard", "first_ppeok_pay", []), ("standard", "first_ttadak_pay", 0),
    ("standard", "floor_quad", "redeal"),
    ("standard", "chongtong_points_2p", 10), ("standard", "chongtong_points_3p", 3), ("standard", "chongtong_carry", True),
    ("standard", "bonus_from_hand", "draw-to-hand"),
    ("standard", "sweep_requires_nonempty_start", True), ("standard", "sweep_rule", "empty-table"),
    ("standard", "multi_steal_unit", "value"),
    ("standard", "shake_timing", "on-play"),
    ("standard", "go_when_no_cards_left", "illegal"),
    # standard, three players
    ("standard", "hand_3p", 7), ("standard", "table_3p", 6), ("standard", "min_score_3p", 3),
    ("standard", "pi_bak_max_3p", 5),
    ("standard", "dokbak", "transfer"), ("standard", "dokbak_when_both_went", "last-caller"),
    ("standard", "dokbak_transfers_baks", True), ("standard", "dokbak_extra_double", False),
    # standard, four at the table
    ("standard", "hand_4p", 7), ("standard", "table_4p", 6), ("standard", "mode", "sell-last"),
    ("standard", "fold_allowed", True), ("standard", "sale_price", 1), ("standard", "sale_counts", "brights"),
    ("standard", "sale_rain_alone_counts", True), ("standard", "sale_triple_doubles", False),
    ("standard", "sale_payers", "non-dealer-actives"),
    # online-matgo
    ("online-matgo", "bonus_cards", ["b2", "b3"]), ("online-matgo", "bonus_steal", 1),
    ("online-matgo", "first_ppeok_pay", [7, 14, 21]), ("online-matgo", "three_ppeok_points", 7),
    ("online-matgo", "first_ttadak_pay", 7), ("online-matgo", "chongtong_points_2p", 10),
    ("online-matgo", "two_card_bomb", "no-multiplier"),
    ("online-matgo", "min_score_2p", 7), ("online-matgo", "pi_bak_max_2p", 7),
    # wikipedia (seed 000)
    ("wikipedia", "bonus_cards", []), ("wikipedia", "switchable_animals", [5, 9]),
    ("wikipedia", "rain_ribbon_counts", False), ("wikipedia", "rain_chodan", False),
    ("wikipedia", "pi_bak_max_2p", 5), ("wikipedia", "pi_bak_max_3p", 5), ("wikipedia", "pi_bak_zero_exempt", False),
    ("wikipedia", "go_schedule", "wikipedia"), ("wikipedia", "go_add_keeps_after_3", True),
    ("wikipedia", "go_bak_2p", True), ("wikipedia", "dokbak", "double"),
    ("wikipedia", "ja_ppeok_steal", 1), ("wikipedia", "stack_steal", 1),
    # gamerules (seed 001)
    ("gamerules", "bonus_cards", ["b2", "b3"]), ("gamerules", "bonus_from_hand", "flip-as-substitute"),
    ("gamerules", "min_score_2p", 7), ("gamerules", "min_score_3p", 3),
    ("gamerules", "sweep_rule", "two-different-months"), ("gamerules", "sweep_steal", 1),
    ("gamerules", "ttadak_steal", 1), ("gamerules", "chok_steal", 1), ("gamerules", "stack_steal", 1),
    ("gamerules", "ja_ppeok_steal", 2), ("gamerules", "ja_ppeok_window", "next-own-turn"),
    ("gamerules", "bomb_steal", 0), ("gamerules", "bomb_multiplier", 1), ("gamerules", "bomb_after_shake", False),
    ("gamerules", "bomb_dummies", 2), ("gamerules", "bonus_steal", 0),
    ("gamerules", "shake_timing", "any-turn-start"), ("gamerules", "shake_multiplier", 2),
    ("gamerules", "chongtong_points_2p", 5), ("gamerules", "chongtong_points_3p", 5), ("gamerules", "chongtong_all_void", True),
    ("gamerules", "go_schedule", "gamerules"),
    ("gamerules", "go_bak_2p", False), ("gamerules", "dokbak", "off"),
    ("gamerules", "pi_bak_max_2p", 5), ("gamerules", "pi_bak_max_3p", 5), ("gamerules", "pi_bak_zero_exempt", False),
    ("gamerules", "gwang_bak", True), ("gamerules", "meong", "winner-seven"),
    ("gamerules", "rain_ribbon_counts", True), ("gamerules", "rain_chodan", False), ("gamerules", "mode", "watch"),
    # wikipedia-it (seed 002)
    ("wikipedia-it", "shake_timing", "at-deal"), ("wikipedia-it", "shake_multiplier", 2),
    ("wikipedia-it", "switchable_animals", [9]), ("wikipedia-it", "mode", "unplayable"),
    # minhwatu
    ("minhwatu", "game", "minhwatu"),
    ("minhwatu", "bright_points", 20), ("minhwatu", "animal_points", 10), ("minhwatu", "ribbon_points", 5),
    ("minhwatu", "junk_points", 0),
    ("minhwatu", "yak_hongdan", 30), ("minhwatu", "yak_cheongdan", 30), ("minhwatu", "yak_chodan", 0),
    ("minhwatu", "yak_may", 20), ("minhwatu", "yak_october", 20), ("minhwatu", "yak_november", 40),
    ("minhwatu", "yak_december", 20),
    ("minhwatu", "hand_2p", 10), ("minhwatu", "table_2p", 8), ("minhwatu", "hand_3p", 7), ("minhwatu", "table_3p", 6),
    ("minhwatu", "hand_4p", 5), ("minhwatu", "table_4p", 8),
]


def knob_value(profile_name: str, knob: str) -> object:
    group, field = KNOBS[knob]
    profile = profile_named(profile_name)
    return getattr(getattr(profile, group), field) if group else getattr(profile, field)


@pytest.mark.parametrize(("profile", "knob", "value"), PINNED, ids=[f"{p}-{k}" for p, k, _ in PINNED])
def test_pinned_value(profile: str, knob: str, value: object) -> None:
    assert knob_value(profile, knob) == value


def test_the_profiles_of_gsn_7_exist() -> None:
    assert set(PROFILES) == {"standard", "online-matgo", "wikipedia", "gamerules", "wikipedia-it", "minhwatu"}


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_named_profiles_hold_values_pydantic_accepts_unchanged(name: str) -> None:
    # The named profiles are built without validation, for a quick start; a value of the wrong
    # type (a "7" for 7, a misspelt choice) would be coerced or refused here.
    profile = PROFILES[name]
    assert validate(Profile, dump(profile)) == profile


def test_the_knob_groups_are_the_profiles_groups() -> None:
    # GROUPS names each group's class, so that the knob index is built without resolving annotations.
    from gostop_arbiter.records import field_types
    from gostop_arbiter.rules.profile import GROUPS

    nested = {name: kind for name, kind in field_types(Profile).items() if name not in ("name", "summary", "game")}
    assert nested == GROUPS
    assert list(GROUPS) == list(nested)


def test_every_knob_has_a_meaning_and_a_rule() -> None:
    from gostop_arbiter.render.rules import knob_rows

    for row in knob_rows(profile_named("standard"))[1:]:
        assert row["meaning"] and row["rule"], row


def test_overrides_change_one_knob() -> None:
    profile = resolve("standard", {"min_score_2p": "5", "bonus_cards": "b2 b3", "go.go_schedule": "gamerules", "nagari_cap": "8"})
    assert (profile.go.min_score_2p, profile.deck.bonus_cards, profile.go.go_schedule) == (5, ["b2", "b3"], "gamerules")
    assert profile.settlement.nagari_cap == 8
    assert profile.the_deck().size == 50


@pytest.mark.parametrize(
    ("name", "sets", "words"),
    [
        ("nonsense", {}, "unknown rules profile 'nonsense'; the profiles are: standard, online-matgo"),
        ("standard", {"min_scor": "5"}, "unknown knob 'min_scor' (did you mean min_score_2p or min_score_3p?)"),
        ("standard", {"go_schedule": "fast"}, "valid: kr-standard, kr-double-only, wikipedia, fw-times-n, gamerules"),
        ("standard", {"pi_bak": "maybe"}, "pi_bak: 'maybe' is not true or false"),
        ("standard", {"min_score_2p": "seven"}, "valid: a whole number"),
        # every whole-number knob has its range (issue 31): no score, factor or hand below what means something
        ("standard", {"min_score_2p": "-3"}, "min_score_2p: Input should be greater than or equal to 1 (valid: a whole number, 1 or more)"),
        ("standard", {"min_score_3p": "0"}, "min_score_3p: Input should be greater than or equal to 1"),
        ("standard", {"shake_multiplier": "0"}, "shake_multiplier: Input should be greater than or equal to 1"),
        ("standard", {"hand_2p": "0"}, "hand_2p: Input should be greater than or equal to 1"),
        ("standard", {"chok_steal": "-1"}, "chok_steal: Input should be greater than or equal to 0 (valid: a whole number, 0 or more)"),
        ("standard", {"nagari_cap": "0"}, "valid: a whole number, 1 or more, or none"),
        ("standard", {"first_ppeok_pay": "3 -1"}, "first_ppeok_pay: Input should be greater than or equal to 0"),
        ("standard", {"bonus_cards": "b4"}, "bonus_cards: b4 is not a bonus card (b2 or b3)"),
        ("standard", {"switchable_animals": "9 3"}, "switchable_animals: month 3 has no animal"),
    ],
)
def test_bad_names_and_values_list_the_valid_ones(name: str, sets: dict[str, str], words: str) -> None:
    with pytest.raises(RulesError, match=None) as caught:
        resolve(name, sets)
    assert words in str(caught.value)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gostop_arbiter", *args], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(
    ("tags", "line", "words"),
    [
        ('[Rules "standard"]\n[Set "bogus_knob=1"]', 3, "unknown knob 'bogus_knob'"),
        ('[Rules "standard"]\n[Set "pi_bak=yes"]\n[Set "min_score_2p=-3"]', 4, "min_score_2p: Input should be"),
        ('[Rules "standard"]\n[Set "bonus_cards=b4"]\n[Set "pi_bak=no"]', 3, "bonus_cards: b4 is not a bonus card"),
        ('[Rules "standrd"]\n[Set "pi_bak=no"]', 2, "unknown rules profile 'standrd'"),
    ],
)
def test_a_bad_set_or_rules_tag_is_reported_on_its_own_line(tmp_path: Path, tags: str, line: int, words: str) -> None:
    path = tmp_path / "hand.gsn"
    path.write_text(f'[Seats "A, B"]\n{tags}\ndeal A: 1g\n', encoding="utf-8")
    result = run("check", str(path))
    assert result.returncode == 2
    assert result.stderr.startswith(f"{path}:{line}:1: ") and words in result.stderr


def test_rules_json_lists_every_knob() -> None:
    result = run("rules", "standard", "--json")
    assert result.returncode == 0
    document = json.loads(result.stdout)
    assert set(document["knobs"]) == set(KNOBS)
    assert document["knobs"]["min_score_2p"] == {
        "group": "go", "value": 7, "meaning": "minimum score to call go or stop with two players", "rule": "GS-1",
    }


def test_rules_lists_the_profiles_and_refuses_an_unknown_one() -> None:
    listing = run("rules")
    assert listing.returncode == 0 and "online-matgo" in listing.stdout
    unknown = run("rules", "nonsense")
    assert unknown.returncode == 2
    assert "the profiles are: standard" in unknown.stderr
