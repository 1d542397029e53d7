"""Which cards lie across their hand: each card a double drew, read from the round's own
records as a casino dealer lays it (Qt-free, like the picture it serves)."""

from __future__ import annotations

from casino_gui.engine import CardDealt, HandDoubled, HandSplit, Round


def sideways_cards(table: Round) -> frozenset[tuple[int, int]]:
    """(hand id, card index) of each card a double drew, from the round's own records."""
    counts: dict[int, int] = {}
    doubled: set[int] = set()
    found: set[tuple[int, int]] = set()
    for operation in table.history:
        for event in operation.events:
            if isinstance(event, HandDoubled):
                doubled.add(event.hand_id)
            elif isinstance(event, HandSplit):
                counts[event.hand_id] -= 1
                counts[event.new_hand_id] = 1
            elif isinstance(event, CardDealt) and event.hand_id is not None:
                index = counts.get(event.hand_id, 0)
                counts[event.hand_id] = index + 1
                if event.hand_id in doubled:
                    doubled.discard(event.hand_id)
                    found.add((event.hand_id, index))
    return frozenset(found)
