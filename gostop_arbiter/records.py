"""Records: the frozen data that crosses a boundary (transcript, rules profile, verdict), and the
arbiter's other data classes.

Every data class of the package is a msgspec ``Struct``, made by one of three decorators from a
plain class body (annotations, defaults, ``dataclasses.field`` for a factory or metadata, methods
and a docstring): ``@record`` (frozen data that crosses a boundary, its fields given by keyword),
``@frozen`` (a value of the arbiter's own, a card or a score line, its fields also given in order)
and ``@mutable`` (working state that changes in place, a hand's cards or the stock). A Struct is
made, compared, hashed and copied by msgspec's C code, and its class is built without compiling
anything: reading and judging cost less than with a standard dataclass, and the command starts
sooner (decisions C1 and C2).

Reading and judging a file never loads pydantic's model machinery (defining one pydantic model class
costs a cold start about 100 ms, decision A5). pydantic still does everything at the boundary, from
the same definitions: it validates records from untrusted data (``[Set "knob=value"]`` overrides),
serialises them (``--json``) and describes them (``gostop-arbiter schema``), through a
``TypeAdapter`` built the first time a class needs one. pydantic does not read a Struct, so it reads
each record class as a standard dataclass of the same fields, defaults, metadata (``alias``,
``description``, ``json_schema_extra``) and docstring, made the first time pydantic asks for it
(:func:`fields`), and the record is copied into and out of it at the boundary (decision C3).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, Literal, TypeVar, dataclass_transform, get_type_hints

import msgspec

if TYPE_CHECKING:
    from pydantic import TypeAdapter

R = TypeVar("R")

Written = tuple[str, Any, Any]
"""A field as a class body writes it: its name, its annotation (a string) and its default (a value, a
``dataclasses.field``, or ``dataclasses.MISSING`` for none)."""

_WRITTEN: dict[type, tuple[list[Written], bool]] = {}
"""Each record class's fields as written, and whether they are given by keyword only."""

_SHARED: set[type] = set()
"""The plain classes whose fields the records deriving from them take (:func:`shared`)."""


@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(dataclasses.field,))
def record(cls: type[R]) -> type[R]:
    """Make a class a record: frozen data that crosses a boundary, its fields given by keyword."""
    return _struct(cls, frozen=True, kw_only=True)


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def frozen(cls: type[R]) -> type[R]:
    """Make a class frozen data of the arbiter's own (a card, a score line), its fields given in
    order or by keyword."""
    return _struct(cls, frozen=True, kw_only=False)


@dataclass_transform(field_specifiers=(dataclasses.field,))
def mutable(cls: type[R]) -> type[R]:
    """Make a class working data that changes in place, its fields given in order or by keyword:
    it compares by its fields and has no hash, and it refuses an attribute that is no field."""
    return _struct(cls, frozen=False, kw_only=False)


@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(dataclasses.field,))
def shared(cls: type[R]) -> type[R]:
    """Fields that several records share (a transcript line's position and comments): the class stays
    a plain class, and each record deriving from it takes its fields, before its own."""
    _SHARED.add(cls)
    return cls


def _struct(cls: type[R], *, frozen: bool, kw_only: bool) -> type[R]:
    """The class made a Struct of the same fields, methods and docstring."""
    written = _written(cls)
    names = {name for name, _annotation, _default in written}
    namespace = {
        key: value
        for key, value in vars(cls).items()
        if key not in names and key not in ("__dict__", "__weakref__", "__annotations__")
    }
    namespace["__get_pydantic_core_schema__"] = classmethod(_core_schema)
    mixins = tuple(base for base in cls.__bases__ if base is not object and base not in _SHARED)
    made: Any = msgspec.defstruct(
        cls.__name__,
        [_struct_field(*field) for field in written],
        bases=(*mixins, msgspec.Struct),
        module=cls.__module__,
        namespace=namespace,
        frozen=frozen,
        kw_only=kw_only,
    )
    made.__qualname__ = cls.__qualname__
    _WRITTEN[made] = (written, kw_only)
    struct: type[R] = made
    return struct


def _written(cls: type) -> list[Written]:
    """The fields of a class body, after those of the :func:`shared` classes it derives from."""
    found: dict[str, Written] = {}
    for base in [*(b for b in reversed(cls.__mro__) if b in _SHARED), cls]:
        for name, annotation in vars(base).get("__annotations__", {}).items():
            found[name] = (name, annotation, vars(base).get(name, dataclasses.MISSING))
    return list(found.values())


def _struct_field(name: str, annotation: Any, default: Any) -> tuple[Any, ...]:
    """A field as ``msgspec.defstruct`` takes it; a field's ``alias`` is also its name in msgspec's
    JSON, so that :func:`json_bytes` writes the names pydantic writes ``by_alias``."""
    if not isinstance(default, dataclasses.Field):
        return (name, annotation) if default is dataclasses.MISSING else (name, annotation, default)
    options: dict[str, Any] = {"name": default.metadata.get("alias")}
    if default.default_factory is not dataclasses.MISSING:
        options["default_factory"] = default.default_factory
    elif default.default is not dataclasses.MISSING:
        options["default"] = default.default
    return (name, annotation, msgspec.field(**options))


@cache
def _dataclass_of(cls: type) -> Any:
    """The standard dataclass that pydantic reads for a record class: its fields as written (with
    their metadata), its name, module and docstring, and its pydantic configuration."""
    written, kw_only = _WRITTEN[cls]
    specs = []
    for name, annotation, default in written:
        if isinstance(default, dataclasses.Field):
            field: Any = dataclasses.field(
                default=default.default, default_factory=default.default_factory, metadata=default.metadata
            )
        elif default is dataclasses.MISSING:
            field = dataclasses.field()
        elif type(default).__hash__ is None:  # a dataclass refuses such a default (a read-only mapping): a factory
            field = dataclasses.field(default_factory=functools.partial(_same, default))
        else:
            field = dataclasses.field(default=default)
        specs.append((name, annotation, field))
    made: Any = dataclasses.make_dataclass(cls.__name__, specs, frozen=True, kw_only=kw_only)
    made.__module__, made.__qualname__, made.__doc__ = cls.__module__, cls.__qualname__, cls.__doc__
    config = getattr(cls, "__pydantic_config__", None)
    if config is not None:
        made.__pydantic_config__ = config
    return made


def _same(value: R) -> R:
    """The value itself: the factory of a default that has no hash, for the dataclass pydantic reads."""
    return value


def _core_schema(cls: type, _source: Any, handler: Any) -> Any:
    """pydantic's schema of a record class: its dataclass's (:func:`_dataclass_of`), the record made
    from the dataclass when validated (a record is read as its dataclass) and the dataclass from the
    record when serialised."""
    from pydantic_core import core_schema

    shown = _dataclass_of(cls)
    names = cls.__struct_fields__  # type: ignore[attr-defined]
    inner = handler.generate_schema(shown)

    def to_record(value: Any) -> Any:
        return cls(**{name: getattr(value, name) for name in names})

    def from_record(value: Any, serialise: Callable[[Any], Any]) -> Any:
        return serialise(shown(**{name: getattr(value, name) for name in names}))

    serialisation = core_schema.wrap_serializer_function_ser_schema(from_record, schema=inner)

    def as_shown(value: Any) -> Any:
        """A record given as a record is read as its dataclass, as pydantic reads a dataclass."""
        return shown(**{name: getattr(value, name) for name in names}) if isinstance(value, cls) else value

    validated = core_schema.no_info_after_validator_function(to_record, inner)
    return core_schema.no_info_before_validator_function(as_shown, validated, serialization=serialisation)


def fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    """A record class's fields as written, with their metadata (``description`` …), in order."""
    return dataclasses.fields(_dataclass_of(cls))


def field_names(cls: type) -> tuple[str, ...]:
    """A record class's field names, in order."""
    names: tuple[str, ...] = cls.__struct_fields__  # type: ignore[attr-defined]
    return names


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
        schema["default"] = msgspec.to_builtins(cls())

    return dataclasses.field(default_factory=cls, metadata={"json_schema_extra": show})


def _shown(metadata: dict[str, Any], default: Any) -> dict[str, Any]:
    """Field metadata that shows a default made by a factory in the JSON Schema, as a plain one is."""
    extra = {**metadata.get("json_schema_extra", {}), "default": default}
    return {**metadata, "json_schema_extra": extra}


def replace(item: R, **changes: Any) -> R:
    """A copy of a record with some fields changed (the record itself never changes)."""
    copied: R = msgspec.structs.replace(item, **changes)  # type: ignore[type-var]
    return copied


@cache
def field_types(cls: type) -> dict[str, Any]:
    """Each field of a record class → its type, resolved (the annotations are strings)."""
    hints = get_type_hints(cls)
    return {name: hints[name] for name in field_names(cls)}


class Discriminated:
    """``Annotated[A | B, Discriminated("kind")]``: a union told apart by the field ``kind``.

    pydantic's ``Discriminator`` without importing pydantic when the module is loaded."""

    def __init__(self, key: str) -> None:
        self.key = key

    def __get_pydantic_core_schema__(self, source: Any, handler: Callable[[Any], Any]) -> Any:
        from typing import Annotated

        from pydantic import Discriminator

        return handler(Annotated[source, Discriminator(self.key)])


class AtLeast:
    """``Annotated[int, AtLeast(1)]``: a whole number no less than ``least`` (the JSON Schema's
    ``minimum``), checked by pydantic at the boundary; annotated-types' ``Ge`` without importing it
    when the module is loaded."""

    def __init__(self, least: int) -> None:
        self.least = least

    def __get_pydantic_core_schema__(self, source: Any, handler: Callable[[Any], Any]) -> Any:
        from typing import Annotated

        from annotated_types import Ge

        return handler(Annotated[source, Ge(self.least)])


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


def json_data(item: Any) -> Any:
    """A record (or plain data holding records) as JSON's plain data, each field under its alias:
    what ``dump(item, mode="json", by_alias=True)`` gives for a verdict's records, made by msgspec
    without loading pydantic (they hold strings, whole numbers, lists and dicts, which both turn
    alike; decision C23)."""
    return msgspec.to_builtins(item)


def json_bytes(item: Any) -> bytes:
    """:func:`json_data`'s JSON, compact, written by msgspec from the record itself (decision C23)."""
    return msgspec.json.encode(item)


def json_schema(cls: type, *, by_alias: bool = True) -> dict[str, Any]:
    """The JSON Schema of what a record class serialises to."""
    return adapter(cls).json_schema(by_alias=by_alias, mode="serialization")
