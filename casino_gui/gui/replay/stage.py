"""A replay step on the table's own scene, at once: no animation, no chips in motion.

A whole step is its picture (`scene.show`). A step part-way through an operation is the
picture before it with the operation's events so far laid on, as the table's animator lays
them (a card to its hand, a split hand, the hole card turned), each item put straight in its
place; totals show once their hand's cards are all on the table. The GUI draws what the
engine said: every card, total and result comes from the events and pictures.
"""

from __future__ import annotations

from casino_gui.engine import CardDealt, DealerRevealed, Event, HandSplit, TurnStarted
from casino_gui.gui.replay.steps import Step
from casino_gui.gui.table.picture import TablePicture
from casino_gui.gui.table.scene import TableScene


def show_step(scene: TableScene, step: Step) -> None:
    if step.whole:
        scene.show(step.after)
        return
    scene.show(step.before)
    scene.show_money(step.after)
    active = next((hand.hand_id for hand in step.before.hands if hand.active), None)
    for event in step.events:
        active = _lay(scene, event, step.after, active)
    for item, point in scene.targets().items():
        item.setPos(point)
    _arrived(scene, step.after)
    scene.set_active(active)


def _lay(scene: TableScene, event: Event, after: TablePicture, active: int | None) -> int | None:
    if isinstance(event, CardDealt):
        if event.hand_id is not None and event.hand_id not in scene.hand_cards:
            scene.add_hand(event.hand_id, after.hand(event.hand_id).spot)
        item = scene.new_card(event.hand_id, event.card, event.face_up)
        item.set_face_up(event.face_up)
    elif isinstance(event, DealerRevealed):
        for item in scene.dealer_cards:
            item.set_face_up(True)
    elif isinstance(event, HandSplit):
        scene.add_hand(event.new_hand_id, after.hand(event.hand_id).spot, after=event.hand_id)
        scene.move_last_card(event.hand_id, event.new_hand_id)
    elif isinstance(event, TurnStarted):
        return event.hand_id
    return active


def _arrived(scene: TableScene, after: TablePicture) -> None:
    """The totals of the hands (and the dealer's) whose cards are all on the table."""
    for hand_id, items in scene.hand_cards.items():
        hand = after.hand(hand_id)
        scene.totals[hand_id].set_text(hand.label if len(items) == len(hand.cards) else "")
        scene.results[hand_id].set_text("")
    dealer = [(item.card, item.face_up) for item in scene.dealer_cards]
    if dealer == [(card.card, card.face_up) for card in after.dealer.cards]:
        scene.dealer_total.set_text(after.dealer.total, "lose" if after.dealer.bust else "total")
    else:
        scene.dealer_total.set_text("")
    scene.place_labels()
