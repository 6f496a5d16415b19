"""Korean particles follow the word before them (issue 28): 민지가, 민준이, 3점을, 비광으로, 팔로."""

from __future__ import annotations

import pytest

from gostop_arbiter.particles import attach, choose, coda


@pytest.mark.parametrize(
    ("word", "particle", "said"),
    [
        # names, in Hangul: a final consonant or not
        ("민지", "가", "민지가"),
        ("민준", "가", "민준이"),
        ("철수", "이", "철수가"),
        ("은정", "가", "은정이"),
        ("지수", "를", "지수를"),
        ("지수", "을", "지수를"),
        ("은정", "를", "은정을"),
        ("소라", "는", "소라는"),
        ("민준", "는", "민준은"),
        ("민지", "과", "민지와"),
        ("민준", "와", "민준과"),
        ("민준", "야", "민준아"),
        # (으)로: 로 after a vowel and after ㄹ, 으로 after any other consonant
        ("비광", "로", "비광으로"),
        ("쌍피", "으로", "쌍피로"),
        ("열끗", "로", "열끗으로"),
        ("서울", "으로", "서울로"),
        # numbers, read as Korean reads them
        ("3점", "을", "3점을"),
        ("36점", "이", "36점이"),
        ("3", "을", "3을"),
        ("2", "를", "2를"),
        ("1", "가", "1이"),
        ("6", "가", "6이"),
        ("8", "로", "8로"),
        ("7", "으로", "7로"),
        ("3", "로", "3으로"),
        ("10", "가", "10이"),
        ("100", "가", "100이"),
        ("1,000", "가", "1,000이"),
        ("20,000", "는", "20,000은"),
        ("1000000", "가", "1000000이"),
        ("100000000", "가", "100000000이"),
        ("1000000000000", "가", "1000000000000가"),
        ("0", "가", "0이"),
        ("2.5", "가", "2.5가"),
        ("×2", "을", "×2를"),
        ("1,100원", "이", "1,100원이"),
        # Latin names and words, as Korean transliterates them
        ("Minji", "가", "Minji가"),
        ("Joon", "가", "Joon이"),
        ("Tom", "는", "Tom은"),
        ("Bill", "로", "Bill로"),
        ("Young", "가", "Young이"),
        ("Jack", "가", "Jack이"),
        ("Pat", "가", "Pat이"),
        ("Bob", "가", "Bob이"),
        ("Rob", "가", "Rob이"),
        ("Matt", "가", "Matt이"),
        ("Scott", "는", "Scott은"),
        ("Webb", "가", "Webb이"),
        ("Jeff", "가", "Jeff가"),
        ("Boot", "가", "Boot가"),
        ("Mark", "가", "Mark가"),
        ("Kate", "가", "Kate가"),
        ("standard", "를", "standard를"),
        ("gamerules", "을", "gamerules를"),
        ("R", "가", "R이"),
        ("KBS", "가", "KBS가"),
        ("3Q", "은", "3Q는"),
        # what follows the last read character is not read
        ("'3Q'", "은", "'3Q'는"),
        ("(민준)", "가", "(민준)이"),
        ("흔들기 ×2", "을", "흔들기 ×2를"),
        ("쪽", "가", "쪽이"),
        # particles of one form, and words with nothing to read
        ("민준", "에게", "민준에게"),
        ("민지", "의", "민지의"),
        ("", "가", "가"),
        ("…", "을", "…를"),
    ],
)
def test_the_particle_follows_the_word(word: str, particle: str, said: str) -> None:
    assert attach(word, particle) == said


def test_either_form_names_the_particle() -> None:
    for pair in (("이", "가"), ("은", "는"), ("을", "를"), ("과", "와"), ("으로", "로")):
        assert {choose("민준", form) for form in pair} == {pair[0]}
        assert {choose("민지", form) for form in pair} == {pair[1]}


def test_the_final_consonant_of_a_syllable() -> None:
    assert coda("가") == 0
    assert coda("각") == 1
    assert coda("갈") == 8
    assert coda("") is None
    assert coda("?!") is None
