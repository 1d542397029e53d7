"""The engine's events, operations and settlements are built by `quick_init`'s `__init__`
and are still the frozen dataclasses they were: fields, equality, hash, repr, `replace`,
pickling, and no writes after they are made."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from dataclasses import dataclass

import pytest

from casino_gui.engine import events
from casino_gui.engine.cards import Card
from casino_gui.engine.frozen import quick_init
from casino_gui.engine.round import Action, Bet, Move, Operation
from casino_gui.engine.settlement import Settlement

EVENT_CLASSES = [
    cls
    for _, cls in inspect.getmembers(events, inspect.isclass)
    if cls.__module__ == events.__name__ and cls is not events.SideBet
]


def test_every_event_class_is_a_frozen_slotted_dataclass_with_the_quick_init() -> None:
    assert len(EVENT_CLASSES) == 17
    for cls in [*EVENT_CLASSES, Bet, Operation, Settlement]:
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
        assert "__slots__" in cls.__dict__
        assert cls.__init__.__qualname__ == f"{cls.__qualname__}.__init__"


def test_an_event_keeps_its_fields_equality_hash_repr_and_replace() -> None:
    ace = Card("A", "S")
    dealt = events.CardDealt(3, ace, face_up=True)
    assert [field.name for field in dataclasses.fields(dealt)] == ["hand_id", "card", "face_up"]
    assert (dealt.hand_id, dealt.card, dealt.face_up) == (3, ace, True)
    assert dealt == events.CardDealt(3, ace, True)
    assert dealt != events.CardDealt(3, ace, False)
    assert hash(dealt) == hash((3, ace, True))  # the dataclass's hash of its fields
    assert repr(dealt) == "CardDealt(hand_id=3, card=Card('AS'), face_up=True)"
    assert dataclasses.replace(dealt, face_up=False) == events.CardDealt(3, ace, False)
    assert pickle.loads(pickle.dumps(dealt)) == dealt
    # Same fields, another class: not equal, as between any two dataclasses.
    assert events.HandStood(1, 20) != events.HandBusted(1, 20)  # type: ignore[comparison-overlap]


def test_an_operation_names_the_bet_it_placed() -> None:
    step = Operation(Move(Action.DEAL), (), 100_000)
    assert step.bet is None
    assert Operation(Bet(1, 1_000), (), 99_000).bet == Bet(1, 1_000, 0)


def test_an_event_refuses_every_write_after_it_is_made() -> None:
    stood = events.HandStood(1, 20)
    with pytest.raises(dataclasses.FrozenInstanceError):
        stood.total = 21  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del stood.total
    assert stood.total == 20


def test_a_missing_or_unknown_argument_is_refused_as_a_dataclass_refuses_it() -> None:
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'total'"):
        events.HandStood(1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'totl'"):
        events.HandStood(1, totl=20)  # type: ignore[call-arg]


def test_quick_init_takes_only_what_it_can_build_alike() -> None:
    @dataclass(slots=True)
    class Mutable:
        amount: int

    @dataclass(frozen=True)
    class NoSlots:
        amount: int

    @dataclass(frozen=True, slots=True)
    class Checked:
        amount: int

        def __post_init__(self) -> None:
            if self.amount < 0:
                raise ValueError("negative")

    @dataclass(frozen=True, slots=True)
    class Listed:
        amounts: list[int] = dataclasses.field(default_factory=list)

    for cls, reason in (
        (Mutable, "not a frozen slotted dataclass"),
        (NoSlots, "not a frozen slotted dataclass"),
        (Checked, "has a __post_init__"),
        (Listed, "is not a plain field"),
    ):
        with pytest.raises(TypeError, match=reason):
            quick_init(cls)
