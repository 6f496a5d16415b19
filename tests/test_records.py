"""Records: frozen msgspec Structs on the way in and out, pydantic only at the boundary."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from conftest import SAMPLES
from pydantic import ValidationError

from gostop_arbiter.errors import KnobError
from gostop_arbiter.notation.model import CardRef, Hand, Turn
from gostop_arbiter.records import dump, json_schema, replace, validate
from gostop_arbiter.rules.knobs import DeckRules
from gostop_arbiter.verdict import Payment, violation


def test_check_reads_judges_and_reports_without_loading_pydantic() -> None:
    # Defining one pydantic model class costs a cold start about 100 ms; the plain report needs none.
    script = (
        "import sys\n"
        "from gostop_arbiter._entry import main\n"
        f"sys.argv = ['gostop-arbiter', 'check', {str(SAMPLES / 'gostop-3p-bomb-shake.gsn')!r}]\n"
        "try:\n    main()\nexcept SystemExit as done:\n    code = done.code\n"
        "print(code, sorted(m for m in sys.modules if m.split('.')[0] == 'pydantic'), file=sys.stderr)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert "Yuna" in result.stdout
    assert result.stderr.strip().splitlines()[-1] == "0 []"


def test_json_output_goes_through_pydantic_with_the_spec_field_names() -> None:
    payment = Payment(payer="Dad", payee="Yuna", points=3, amount=300)
    assert dump(payment, mode="json", by_alias=True) == {
        "from": "Dad",
        "to": "Yuna",
        "kind": "hand",
        "points": 3,
        "amount": 300,
        "factors": [],
        "reason": None,
        "reason_code": None,
        "reason_params": {},
    }
    assert "from" in json_schema(Payment)["properties"]


def test_records_are_frozen_and_copied_with_changes() -> None:
    card = CardRef(code="1g", column=3)
    with pytest.raises(AttributeError, match="immutable"):
        card.code = "2g"  # type: ignore[misc]
    assert replace(card, column=5) == CardRef(code="1g", column=5)
    assert card.column == 3


def test_a_remembered_line_read_again_is_a_copy_at_its_new_line() -> None:
    from gostop_arbiter.notation.memo import Parsed

    turn = Turn(line=2, column=1, player="Minji", play="card", cards=[CardRef(code="3p", column=8)], marks=["chok"])
    moved = Parsed(turn, ()).at(9)
    assert moved == replace(turn, line=9) and type(moved) is Turn
    assert turn.line == 2 and moved.marks == ["chok"]
    with pytest.raises(AttributeError, match="immutable"):
        moved.line = 3  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(moved)) == moved and dump(moved) == dump(replace(turn, line=9))


def test_a_copy_with_changes_runs_the_records_own_check() -> None:
    with pytest.raises(KnobError, match="b4 is not a bonus card"):
        replace(DeckRules(), bonus_cards=["b4"])
    with pytest.raises(TypeError, match="colour"):
        replace(CardRef(code="1g"), colour="red")


def test_records_refuse_deletion_and_stay_frozen_when_validated_or_copied() -> None:
    card = validate(CardRef, {"code": "1g", "column": 3})
    with pytest.raises(AttributeError, match="immutable"):
        del card.column
    for copied in (copy.copy(card), copy.deepcopy(card), pickle.loads(pickle.dumps(card))):
        assert copied == card
        with pytest.raises(AttributeError, match="immutable"):
            copied.code = "2g"  # type: ignore[misc]


def test_records_take_fields_by_keyword_only_and_name_what_is_wrong() -> None:
    with pytest.raises(TypeError, match="Extra positional arguments"):
        Payment("A", "B", 1, 1)  # type: ignore[misc]
    with pytest.raises(TypeError, match="Missing required argument 'payee'"):
        Payment(payer="A", points=1, amount=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="Unexpected keyword argument 'colour'"):
        CardRef(code="1g", colour="red")  # type: ignore[call-arg]
    assert CardRef(code="1g") == CardRef(code="1g", column=0)


def test_a_records_own_check_runs_when_it_is_made() -> None:
    with pytest.raises(KnobError, match="b4 is not a bonus card"):
        DeckRules(bonus_cards=["b4"])
    assert DeckRules(bonus_cards=["b2"]).bonus_cards == ["b2"]


def test_list_defaults_are_not_shared() -> None:
    first = Hand(index=1, kind="played", statements=[], seats=["A", "B"])
    second = Hand(index=2, kind="played", statements=[], seats=["A", "B"])
    first.tags.append(None)  # type: ignore[arg-type]
    assert second.tags == []


def test_validation_refuses_unknown_fields_and_wrong_types() -> None:
    assert validate(CardRef, {"code": "1g"}) == CardRef(code="1g")
    with pytest.raises(ValidationError):
        validate(CardRef, {"code": "1g", "colour": "red"})
    with pytest.raises(ValidationError):
        validate(CardRef, {"code": "1g", "column": "three"})


def test_transcript_statements_are_told_apart_by_kind() -> None:
    schema = json_schema(Hand)
    items = schema["properties"]["statements"]["items"]
    assert items["discriminator"]["propertyName"] == "kind"
    hand = validate(
        Hand,
        {
            "index": 1,
            "kind": "played",
            "seats": ["A"],
            "statements": [
                {"kind": "call", "player": "A", "call": "go"},
            ],
        },
    )
    assert type(hand.statements[0]).__name__ == "Call"
    json.dumps(dump(hand, mode="json"))


def test_violation_codes_are_checked() -> None:
    assert violation("extra-card", 3, 1, "one 1g too many").code == "extra-card"
    with pytest.raises(ValueError, match="not a violation code"):
        violation("made-up", 3, 1, "no such thing")


def test_records_compare_hash_and_show_by_their_fields() -> None:
    assert CardRef(code="1g", column=3) == CardRef(code="1g", column=3)
    assert CardRef(code="1g", column=3) != CardRef(code="1g", column=4)
    assert CardRef(code="1g") != Payment(payer="A", payee="B", points=1, amount=1)
    assert len({CardRef(code="1g", column=3), CardRef(code="1g", column=3)}) == 1
    assert repr(CardRef(code="1g", column=3)) == "CardRef(code='1g', column=3)"


def _package_classes() -> list[type]:
    """Every class the package defines (the stand-alone parser is Lark's own code)."""
    import importlib
    import pkgutil

    import gostop_arbiter

    found = []
    for module in pkgutil.walk_packages(gostop_arbiter.__path__, "gostop_arbiter."):
        if module.name not in ("gostop_arbiter.__main__", "gostop_arbiter.notation.standalone"):
            loaded = vars(importlib.import_module(module.name)).values()
            found += [kind for kind in loaded if isinstance(kind, type) and kind.__module__ == module.name]
    return found


def _data_classes() -> list[type]:
    return [kind for kind in _package_classes() if issubclass(kind, msgspec.Struct)]


def test_every_data_class_says_what_it_is() -> None:
    # A record's docstring is also its description in the JSON Schema (decision C3).
    found = _data_classes()
    assert len(found) > 60
    undocumented = [
        kind.__qualname__ for kind in found if (kind.__doc__ or f"{kind.__name__}(").startswith(f"{kind.__name__}(")
    ]
    assert not undocumented


def test_every_data_class_is_a_struct_and_pydantic_models_are_only_at_the_edge() -> None:
    # One kind of data class inside (issue 27): msgspec Structs. pydantic's models are only the
    # table app's requests and answers, at the edge; no class is a standard dataclass or a NamedTuple.
    from pydantic import BaseModel

    classes = _package_classes()
    assert not [kind for kind in classes if dataclasses.is_dataclass(kind)]
    assert not [kind for kind in classes if issubclass(kind, tuple) and hasattr(kind, "_fields")]
    assert {kind.__module__ for kind in classes if issubclass(kind, BaseModel)} == {
        "gostop_arbiter.table.views",
        "gostop_arbiter.table.requests",
    }


def test_nothing_in_the_package_is_built_with_exec_or_changes_its_class() -> None:
    import ast

    import gostop_arbiter

    package = Path(gostop_arbiter.__file__).parent
    found = []
    for path in sorted(package.rglob("*.py")):
        if path.name == "standalone.py":
            continue  # Lark's own stand-alone parser (decision B4)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("exec", "eval")
            swapped = isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Attribute) and t.attr == "__class__" for t in node.targets
            )
            if called or swapped:
                found.append(f"{path.relative_to(package)}:{node.lineno}")
    assert not found


def test_frozen_values_take_fields_in_order_and_stay_frozen() -> None:
    from gostop_arbiter.scoring import ScoreLine

    line = ScoreLine("pi", 1, ["1p"] * 10)
    assert line == ScoreLine(rule="pi", points=1, cards=["1p"] * 10)
    assert repr(ScoreLine("go", 1, [])) == "ScoreLine(rule='go', points=1, cards=[])"
    with pytest.raises(AttributeError, match="immutable"):
        line.points = 2  # type: ignore[misc]


def test_a_part_of_the_board_copies_itself_compares_by_what_it_holds_and_has_no_hash() -> None:
    from gostop_arbiter.engine.ledger import Stock

    stock = Stock()
    stock.fill(20, ["3p"])
    copy = stock.copy()
    assert copy == stock and copy is not stock
    stock.take()
    assert stock.used == 1 and stock != copy and copy.remaining == 20
    assert copy.take_returned("3p") and stock.returned["3p"] == 1 and copy.returned["3p"] == 0
    with pytest.raises(TypeError, match="unhashable"):
        hash(stock)
    with pytest.raises(AttributeError):
        stock.colour = "red"  # type: ignore[attr-defined]
    assert pickle.loads(pickle.dumps(stock)) == stock


def test_a_field_without_a_default_may_not_follow_one_with_a_default() -> None:
    from gostop_arbiter.records import mutable

    class Bad:
        """A field in the wrong place."""

        first: int = 0
        second: int

    with pytest.raises(TypeError, match="Required field 'second' cannot follow optional fields"):
        mutable(Bad)
