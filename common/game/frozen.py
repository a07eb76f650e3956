"""The core's frozen values, made and changed cheaply: ``@value`` and ``evolve``.

``@value`` is ``@dataclass(frozen=True)`` for the many value classes the kiosk builds at import
(each event and command is one: some 150 classes before the first frame). A dataclass compiles
six methods for each frozen class (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
``__setattr__``, ``__delattr__``), and building them was the largest part of the kiosk's start
after pygame. A value class gets the same ``__init__`` (compiled for it: fields in order, their
defaults, ``__post_init__``) and shares the other five, which read the class's fields when
called (a third of the import cost; an ``==`` some 0.5 us slower); it behaves as its frozen
dataclass would: the same repr, equality and hash (of the fields' tuple, only with the same
class), ``FrozenInstanceError`` on assigning or deleting an attribute, ``dataclasses.fields``,
``replace``, ``asdict`` and ``match``. Only ``dataclasses``' own flag differs: its
``__dataclass_params__`` says not frozen (so a plain ``@dataclass(frozen=True)`` cannot inherit
from a value class: it is refused at import). Fields with ``default_factory`` or ``init=False``
and keyword-only fields are refused, and ``InitVar`` is not passed (no value of ours has them).

``evolve(value, **changes)``: a frozen value with some fields changed. It is ``dataclasses.replace``
for the core's game values (GameState, Turn, Clock: frozen, with no ``__post_init__`` and every
field in ``__init__``), without replace's per-call walk of the fields and its ``__init__`` call: a
game folds one event after another into a new state, on the kiosk after every press and at the
director for every result it reads back (bench.director), and ``replace`` was most of that time. A
field that is not the value's is a TypeError, as with ``replace``. Pure: standard library only.
"""
from __future__ import annotations

import dataclasses
import inspect
from operator import attrgetter
from typing import TypeVar

T = TypeVar("T")


def evolve(value: T, **changes) -> T:
    fields = value.__dict__
    if not changes.keys() <= fields.keys():
        unknown = sorted(changes.keys() - fields.keys())
        raise TypeError(f"{type(value).__name__} has no field {unknown[0]!r}")
    new = object.__new__(type(value))
    object.__setattr__(new, "__dict__", {**fields, **changes})
    return new


def value(cls: type[T]) -> type[T]:
    """``@dataclass(frozen=True)``, cheaper to build (see the module's docstring)."""
    own = dict(cls.__dict__)
    if not own.get("__doc__"):
        cls.__doc__ = "-"                   # (dataclass would write one, with inspect's help)
    cls = dataclasses.dataclass(cls, init=False, repr=False, eq=False)
    fields = dataclasses.fields(cls)
    if any(f.default_factory is not dataclasses.MISSING or not f.init or f.kw_only for f in fields):
        raise TypeError(f"{cls.__qualname__}: a value's fields are plain (no default_factory, "
                        "init=False or keyword-only field)")
    if "__init__" not in own:
        cls.__init__ = _init(cls, fields)
    compared = tuple(f.name for f in fields if f.compare)
    cls.__value_repr__ = tuple(f.name for f in fields if f.repr)
    cls.__value_key__ = _key(compared)
    cls.__value_hash_key__ = _key(tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash)))
    for name, method in (("__repr__", _repr), ("__eq__", _eq), ("__setattr__", _setattr),
                         ("__delattr__", _delattr)):
        if name in own and name in ("__setattr__", "__delattr__"):
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
        if name not in own:
            setattr(cls, name, method)
    if "__hash__" not in own or (own["__hash__"] is None and "__eq__" in own):
        cls.__hash__ = _hash
    if not own.get("__doc__"):
        cls.__doc__ = _signature(cls.__name__, fields)
    return cls


def _signature(name: str, fields) -> str:
    """What a dataclass without a docstring has as its ``__doc__``: ``Name(a: int, b: str = '')``
    (inspect.signature's text, written here for a tenth of its cost)."""
    params = []
    for f in fields:
        default = "" if f.default is dataclasses.MISSING else f" = {f.default!r}"
        params.append(f"{f.name}: {inspect.formatannotation(f.type)}{default}")
    return f"{name}({', '.join(params)})"


def _init(cls, fields):
    """The ``__init__`` a frozen dataclass would have: each field set with object.__setattr__."""
    names = {"__value_set__": object.__setattr__}
    params, body = [], []
    for f in fields:
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            names[f"__value_default_{f.name}__"] = f.default
            params.append(f"{f.name}=__value_default_{f.name}__")
        body.append(f"    __value_set__(self, {f.name!r}, {f.name})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    source = f"def __init__(self, {', '.join(params)}):\n" + ("\n".join(body) or "    pass") + "\n"
    exec(source, names)
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__annotations__ = {f.name: f.type for f in fields} | {"return": None}
    return init


def _key(names: tuple[str, ...]):
    """The tuple of the named fields of a value (a dataclass's ``(self.a, self.b,)``)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda value: (one(value),)
    return lambda value: ()


def _repr(self) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in type(self).__value_repr__)
    return f"{self.__class__.__qualname__}({shown})"


def _eq(self, other):
    if other.__class__ is self.__class__:
        key = type(self).__value_key__
        return key(self) == key(other)
    return NotImplemented


def _hash(self) -> int:
    return hash(type(self).__value_hash_key__(self))


def _frozen(self, name: str) -> bool:
    """As a frozen dataclass: every attribute of a value class, a field of a subclass of one."""
    return "__value_key__" in type(self).__dict__ or name in type(self).__dataclass_fields__


def _setattr(self, name, value):
    if _frozen(self, name):
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
    object.__setattr__(self, name, value)


def _delattr(self, name):
    if _frozen(self, name):
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
    object.__delattr__(self, name)
