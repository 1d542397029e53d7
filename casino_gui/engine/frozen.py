"""A faster `__init__` for the engine's frozen slotted dataclasses (its events, the round's
history and settlements), made in their thousands a second by a simulation.

`dataclass(frozen=True)` writes each field in `__init__` through `object.__setattr__`, past the
class's own `__setattr__`, which refuses every write. For a class with `__slots__` the same
store can go through each slot's descriptor, which is a third cheaper; everything else the
dataclass made stays as it was: its fields, equality, hash, repr, `dataclasses.replace`, and
the refusal of any later write (`FrozenInstanceError`).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

_T = TypeVar("_T", bound="DataclassInstance")


def quick_init(cls: type[_T]) -> type[_T]:
    """Give a `@dataclass(frozen=True, slots=True)` class an `__init__` storing through its
    slots; the class must have no `__post_init__` and only plain fields (defaults allowed)."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a frozen slotted dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__ that this __init__ would skip")
    fields = dataclasses.fields(cls)
    names: dict[str, Any] = {}
    arguments, stores = [], []
    for field in fields:
        if not field.init or field.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{field.name} is not a plain field")
        names[f"_store_{field.name}"] = getattr(cls, field.name).__set__
        if field.default is dataclasses.MISSING:
            arguments.append(field.name)
        else:
            names[f"_default_{field.name}"] = field.default
            arguments.append(f"{field.name}=_default_{field.name}")
        stores.append(f"    _store_{field.name}(self, {field.name})\n")
    # Written out as dataclasses writes its own __init__: one store a field, no loop.
    exec(f"def __init__(self, {', '.join(arguments)}):\n{''.join(stores) or '    pass'}", names)
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls
