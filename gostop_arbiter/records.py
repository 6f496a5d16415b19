"""Records: the frozen data that crosses a boundary (transcript, rules profile, verdict).

A record is a plain slotted dataclass, frozen by its base class, so that reading and judging a file never loads
pydantic's model machinery (defining one pydantic model class costs a cold start about 100 ms).
pydantic still does everything at the boundary, from the same definitions: it validates records
from untrusted data (``[Set "knob=value"]`` overrides), serialises them (``--json``) and describes
them (``gostop-arbiter schema``), through a ``TypeAdapter`` built the first time a class needs one.

Field facts that pydantic reads go in the dataclass field's metadata (``alias``, ``description``,
``json_schema_extra``), which pydantic honours for standard dataclasses.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar, dataclass_transform, get_type_hints

if TYPE_CHECKING:
    from pydantic import TypeAdapter

R = TypeVar("R")


class Record:
    """What every record compares, hashes and shows by (its fields, in order), and what keeps it frozen.

    Written once here rather than generated for each class by ``dataclass``: ``dataclass`` compiles
    each method it writes, which costs a cold start about a tenth of a millisecond per method, and
    the arbiter has some seventy records. Only ``__init__`` is compiled per class, on first use."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__dataclass_fields__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Record)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__dataclass_fields__)
        return f"{type(self).__qualname__}({shown})"

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


@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(dataclasses.field,))
def record(cls: type[R]) -> type[R]:
    """Make a class a record: a frozen, slotted dataclass whose fields are given by keyword.

    The class must derive from :class:`Record` (its comparison, hash, text and frozenness)."""
    assert issubclass(cls, Record), f"{cls.__name__} must derive from Record"
    made = dataclasses.dataclass(init=False, slots=True, kw_only=True, eq=False, repr=False)(cls)
    made.__init__ = _first_init  # type: ignore[method-assign,assignment]
    return made


def _first_init(self: Record, *args: Any, **values: Any) -> None:
    """A record class's first ``__init__``: it compiles the class's own and hands over to it
    (which refuses positional values, naming the class)."""
    init = _init_of(type(self))
    type(self).__init__ = init  # type: ignore[method-assign]
    init(self, *args, **values)


def _init_of(cls: type[Record]) -> Callable[..., None]:
    """The ``__init__`` that ``dataclass`` would write for a frozen record: each field by keyword,
    its default or a fresh value from its factory, set past the frozen ``__setattr__``, then the
    class's ``__post_init__`` check if it has one."""
    scope: dict[str, Any] = {"_set": object.__setattr__, "_MISSING": dataclasses.MISSING}
    params, body = [], []
    for f in dataclasses.fields(cls):
        value = f.name
        if f.default is not dataclasses.MISSING:
            scope[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        elif f.default_factory is not dataclasses.MISSING:
            scope[f"_factory_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_MISSING")
            value = f"_factory_{f.name}() if {f.name} is _MISSING else {f.name}"
        else:
            params.append(f.name)
        body.append(f"_set(self, {f.name!r}, {value})")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    signature = f"self, *, {', '.join(params)}" if params else "self"
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
