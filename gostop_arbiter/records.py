"""Records: the frozen data that crosses a boundary (transcript, rules profile, verdict), and the
arbiter's other data classes.

A record is a plain slotted dataclass, frozen by its base class, so that reading and judging a file
never loads pydantic's model machinery (defining one pydantic model class costs a cold start about
100 ms). pydantic still does everything at the boundary, from the same definitions: it validates
records from untrusted data (``[Set "knob=value"]`` overrides), serialises them (``--json``) and
describes them (``gostop-arbiter schema``), through a ``TypeAdapter`` built the first time a class
needs one.

Field facts that pydantic reads go in the dataclass field's metadata (``alias``, ``description``,
``json_schema_extra``), which pydantic honours for standard dataclasses.

The same machinery makes the arbiter's own data classes, which never cross a boundary: ``@frozen``
values (a card, a score line) and ``@mutable`` working state (a hand's cards, the stock), whose
fields may be given in order. All of them get their comparison and text from one base class and
compile their ``__init__`` on first use, which keeps the command's start quick (decision A5).
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar, dataclass_transform, get_type_hints

if TYPE_CHECKING:
    from pydantic import TypeAdapter

R = TypeVar("R")


class _ByFields:
    """What the arbiter's data classes compare and show by: their fields, in order.

    Written once here rather than generated for each class by ``dataclass``: ``dataclass`` compiles
    each method it writes as the class is defined, about a tenth of a millisecond per method, and
    the arbiter has some seventy data classes, most of which a given command never uses. Only
    ``__init__`` is compiled for each class, the first time one is made."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__dataclass_fields__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, _ByFields)
        return self._values() == other._values()

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__dataclass_fields__)
        return f"{type(self).__qualname__}({shown})"


class Record(_ByFields):
    """Frozen data, hashed by its fields: the base of :func:`record` and :func:`frozen` classes."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(self._values())

    def __setattr__(self, name: str, value: Any) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

    def __getstate__(self) -> tuple[Any, ...]:
        return self._values()

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        """Unpickling and ``copy`` set the fields past the frozen ``__setattr__``, as ``__init__`` does."""
        for name, value in zip(self.__dataclass_fields__, state, strict=True):
            object.__setattr__(self, name, value)


class Mutable(_ByFields):
    """Working data that changes in place (a hand's cards, the stock): the base of :func:`mutable`
    classes. Like a mutable dataclass, it compares by its fields and has no hash."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]


@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(dataclasses.field,))
def record(cls: type[R]) -> type[R]:
    """Make a class a record: frozen data that crosses a boundary, its fields given by keyword.

    The class must derive from :class:`Record`."""
    assert issubclass(cls, Record), f"{cls.__name__} must derive from Record"
    return _data_class(cls, kw_only=True)


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def frozen(cls: type[R]) -> type[R]:
    """Make a class frozen data of the arbiter's own (a card, a score line), its fields given in
    order or by keyword. The class must derive from :class:`Record`."""
    assert issubclass(cls, Record), f"{cls.__name__} must derive from Record"
    return _data_class(cls, kw_only=False)


@dataclass_transform(field_specifiers=(dataclasses.field,))
def mutable(cls: type[R]) -> type[R]:
    """Make a class working data that changes in place, its fields given in order or by keyword.

    The class must derive from :class:`Mutable`."""
    assert issubclass(cls, Mutable), f"{cls.__name__} must derive from Mutable"
    return _data_class(cls, kw_only=False)


def _data_class(cls: type[R], *, kw_only: bool) -> type[R]:
    """A slotted dataclass whose methods come from its base and whose ``__init__`` is compiled on
    first use."""
    made = dataclasses.dataclass(init=False, slots=True, kw_only=kw_only, eq=False, repr=False)(cls)
    defaulted = None
    for f in dataclasses.fields(made):  # type: ignore[arg-type]
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
            defaulted = f.name
        elif defaulted and not f.kw_only:
            raise TypeError(f"{cls.__name__}: field {f.name!r} without a default follows {defaulted!r}")
    made.__init__ = _first_init  # type: ignore[assignment]
    return made


def _first_init(self: _ByFields, *args: Any, **values: Any) -> None:
    """A data class's first ``__init__``: it compiles the class's own and hands over to it."""
    init = _init_of(type(self))
    type(self).__init__ = init  # type: ignore[method-assign]
    init(self, *args, **values)


def _slot_setters(cls: type) -> dict[str, Any]:
    """Each field's slot setter, ``_set_NAME(item, value)``: a frozen record's fields are set past its
    ``__setattr__`` through their slots, which costs about two thirds of ``object.__setattr__``
    (records are made by the thousand a hand: models, score lines, verdicts)."""
    setters = {}
    for f in dataclasses.fields(cls):
        slot = getattr(cls, f.name)
        if not isinstance(slot, types.MemberDescriptorType):
            raise TypeError(f"{cls.__name__}.{f.name} is not a slot: a record's class is made by @record or @frozen")
        setters[f"_set_{f.name}"] = slot.__set__
    return setters


def _init_of(cls: type[_ByFields]) -> Callable[..., None]:
    """The ``__init__`` that ``dataclass`` would write: each field in order (keyword-only fields
    after ``*``), its default or a fresh value from its factory, set directly (through its slot,
    past the frozen ``__setattr__`` of a record), then the class's ``__post_init__`` check if it
    has one."""
    scope: dict[str, Any] = {"_MISSING": dataclasses.MISSING}
    is_frozen = issubclass(cls, Record)
    if is_frozen:
        scope.update(_slot_setters(cls))
    positional: list[str] = []
    by_keyword: list[str] = []
    body: list[str] = []
    for f in dataclasses.fields(cls):
        param, value = f.name, f.name
        if f.default is not dataclasses.MISSING:
            scope[f"_default_{f.name}"] = f.default
            param = f"{f.name}=_default_{f.name}"
        elif f.default_factory is not dataclasses.MISSING:
            scope[f"_factory_{f.name}"] = f.default_factory
            param = f"{f.name}=_MISSING"
            value = f"_factory_{f.name}() if {f.name} is _MISSING else {f.name}"
        (by_keyword if f.kw_only else positional).append(param)
        body.append(f"_set_{f.name}(self, {value})" if is_frozen else f"self.{f.name} = {value}")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    signature = ", ".join(["self", *positional, *(["*", *by_keyword] if by_keyword else [])])
    exec(f"def __init__({signature}) -> None:\n    " + "\n    ".join(body or ["pass"]), scope)
    init: Callable[..., None] = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(dataclasses.field,))
def closed_record(cls: type[R]) -> type[R]:
    """A record that pydantic refuses to read with unknown fields (its schema says so too)."""
    cls.__pydantic_config__ = {"extra": "forbid"}  # type: ignore[attr-defined]
    return record(cls)


def listed(default: list[Any] | None = None, **metadata: Any) -> Any:
    """A list field whose default is a fresh copy of ``default`` (empty unless given)."""
    items = list(default or [])
    return dataclasses.field(default_factory=lambda: list(items), metadata=_shown(metadata, items))


def mapped() -> Any:
    """A dict field that defaults to a fresh empty dict."""
    return dataclasses.field(default_factory=dict, metadata=_shown({}, {}))


def nested(cls: type) -> Any:
    """A field holding a record of ``cls``, which defaults to ``cls()`` (shown in the JSON Schema)."""

    def show(schema: dict[str, Any]) -> None:
        schema["default"] = dataclasses.asdict(cls())

    return dataclasses.field(default_factory=cls, metadata={"json_schema_extra": show})


def _shown(metadata: dict[str, Any], default: Any) -> dict[str, Any]:
    """Field metadata that shows a default made by a factory in the JSON Schema, as a plain one is."""
    extra = {**metadata.get("json_schema_extra", {}), "default": default}
    return {**metadata, "json_schema_extra": extra}


def replace(item: R, **changes: Any) -> R:
    """A copy of a record with some fields changed (the record itself never changes)."""
    return dataclasses.replace(item, **changes)  # type: ignore[type-var]


def replacer(cls: type[R], name: str) -> Callable[[R, Any], R]:
    """A function that copies a record of ``cls`` with the field ``name`` set to a new value.

    What :func:`replace` does for one field, compiled for the class: the reader copies a remembered
    line to each place it is read again, about twenty times a hand (decision B14), and
    ``dataclasses.replace`` goes through every field's metadata and ``__init__`` each time."""
    made: Callable[[R, Any], R] | None = _REPLACERS.get((cls, name))
    if made is None:
        made = _REPLACERS[cls, name] = _compiled_replacer(cls, name)
    return made


_REPLACERS: dict[tuple[type, str], Callable[[Any, Any], Any]] = {}


def _compiled_replacer(cls: type[R], name: str) -> Callable[[R, Any], R]:
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    if name not in names:
        raise TypeError(f"{cls.__name__} has no field {name!r}")
    if hasattr(cls, "__post_init__"):  # the copy skips __init__, so it would skip the check
        raise TypeError(f"{cls.__name__} checks its fields in __post_init__: use replace()")
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls, **_slot_setters(cls)}
    body = [f"_set_{n}(copy, {'value' if n == name else 'item.' + n})" for n in names]
    exec("def replaced(item, value):\n    copy = _new(_cls)\n    " + "\n    ".join([*body, "return copy"]), scope)
    made: Callable[[R, Any], R] = scope["replaced"]
    made.__qualname__ = f"replacer({cls.__qualname__}, {name!r})"
    return made


@cache
def field_types(cls: type) -> dict[str, Any]:
    """Each field of a record class → its type, resolved (the annotations are strings)."""
    hints = get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}


class Discriminated:
    """``Annotated[A | B, Discriminated("kind")]``: a union told apart by the field ``kind``.

    pydantic's ``Discriminator`` without importing pydantic when the module is loaded."""

    def __init__(self, key: str) -> None:
        self.key = key

    def __get_pydantic_core_schema__(self, source: Any, handler: Callable[[Any], Any]) -> Any:
        from typing import Annotated

        from pydantic import Discriminator

        return handler(Annotated[source, Discriminator(self.key)])


_ADAPTERS: dict[type, TypeAdapter[Any]] = {}


def adapter(cls: type[R]) -> TypeAdapter[R]:
    """pydantic's adapter for a record class, built on first use."""
    found = _ADAPTERS.get(cls)
    if found is None:
        from pydantic import TypeAdapter

        found = _ADAPTERS[cls] = TypeAdapter(cls)
    return found


def validate(cls: type[R], data: Any) -> R:
    """A record from untrusted data, checked by pydantic (raises ``pydantic.ValidationError``)."""
    checked: R = adapter(cls).validate_python(data)
    return checked


def dump(
    item: Any,
    *,
    mode: Literal["python", "json"] = "python",
    by_alias: bool = False,
    include: set[str] | None = None,
) -> Any:
    """A record as plain data (dicts, lists, strings, numbers); ``mode="json"`` for JSON's types."""
    return adapter(type(item)).dump_python(item, mode=mode, by_alias=by_alias, include=include)


def json_schema(cls: type, *, by_alias: bool = True) -> dict[str, Any]:
    """The JSON Schema of what a record class serialises to."""
    return adapter(cls).json_schema(by_alias=by_alias, mode="serialization")
