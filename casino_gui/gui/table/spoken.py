"""The felt in words, for a screen reader: each thing on it with a name, a role and a state.

The felt is a QGraphicsView: Qt's accessibility bridges (AT-SPI, UI Automation,
NSAccessibility) see widgets only, so the things painted on it are told from the picture of
the table (`TablePicture`) instead, the value the scene itself is painted from
(docs/decisions.md, "The table in words"). This module never imports Qt; the bridge is
`casino_gui.gui.accessible_felt`.

The order is the table's, as a player reads it: the dealer, the discard tray, then each
circle followed by its hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from casino_gui.engine import Card, dollars
from casino_gui.gui.table.felt_key import DEALER, TRAY, FeltKey
from casino_gui.gui.table.picture import (
    CardPicture,
    CirclePicture,
    HandPicture,
    TablePicture,
)
from casino_gui.gui.table.wording import Banner

RANK_WORDS = {
    "A": "ace",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
FACE_DOWN = "face down"


class Role(Enum):
    """What a thing on the felt is, as an accessibility bridge names it."""

    GROUP = "group"  # the dealer, a hand: cards and a total
    BUTTON = "button"  # a circle: a click bets there
    LABEL = "label"  # the tray: only told


@dataclass(frozen=True, slots=True)
class Spoken:
    """One thing on the felt. `key` stays the same while the thing is on the felt (circle 2
    is `felt_key.circle(2)` all session), so the bridge keeps one accessible object per
    thing."""

    key: FeltKey
    role: Role
    name: str
    selected: bool = False  # the circle the arrow keys chose
    current: bool = False  # the hand whose turn it is


def card_words(card: Card) -> str:
    """'ten of hearts', 'ace of spades'."""
    return f"{RANK_WORDS[card.rank]} of {SUIT_WORDS[card.suit]}"


def felt_words(picture: TablePicture) -> tuple[Spoken, ...]:
    """Everything on the felt, in the table's order."""
    spoken = [_dealer(picture), _tray(picture)]
    for circle in picture.circles:
        spoken.append(_circle(circle))
        spoken += [_hand(hand) for hand in picture.hands if hand.spot == circle.spot]
    return tuple(spoken)


def _cards(cards: tuple[CardPicture, ...]) -> str:
    return ", ".join(
        card_words(c.card) + (", doubled" if c.sideways else "") if c.face_up else FACE_DOWN
        for c in cards
    )


def _dealer(picture: TablePicture) -> Spoken:
    dealer = picture.dealer
    if not dealer.cards:
        return Spoken(DEALER, Role.GROUP, "Dealer: no cards")
    parts = [f"Dealer: {_cards(dealer.cards)}"]
    if dealer.words:
        parts.append(dealer.words)
    elif dealer.total:
        total = dealer.total.replace(" / ", " or ")
        hidden = any(not card.face_up for card in dealer.cards)
        parts.append(f"showing {total}" if hidden else total)
    return Spoken(DEALER, Role.GROUP, ", ".join(parts))


def _tray(picture: TablePicture) -> Spoken:
    """The tray's pile, and at a shoe game its plate: the cards left and the cut card."""
    discards = picture.discards
    cards = "card" if discards == 1 else "cards"
    said = f"Discard tray: {discards} {cards}" if discards else "Discard tray: empty"
    if picture.shoe is not None:
        said = f"{said}; {picture.shoe.plate}"
    return Spoken(TRAY, Role.LABEL, said)


def _circle(circle: CirclePicture) -> Spoken:
    parts = [f"Circle {circle.spot}"]
    parts.append(f"bet {dollars(circle.stake)}" if circle.stake else "no bet")
    if circle.insurance:
        parts.append(f"insurance {dollars(circle.insurance)}")
    if circle.buster:
        parts.append(f"Buster bet {dollars(circle.buster)}")
    parts += [_banner(b) for b in (circle.insurance_banner, circle.buster_banner) if b]
    if circle.chosen:
        parts.append("selected")
    if circle.buster_chosen:
        parts.append("Buster circle selected")
    return Spoken(circle.key, Role.BUTTON, ", ".join(parts), selected=circle.chosen)


def _hand(hand: HandPicture) -> Spoken:
    parts = [f"Hand {hand.number}, circle {hand.spot}: {_cards(hand.cards)}"]
    if hand.total:
        parts.append(hand.total.replace(" / ", " or "))  # a soft total: "7 or 17"
    if hand.stake:
        parts.append(f"bet {dollars(hand.stake)}")
    if hand.banner is not None:
        parts.append(_banner(hand.banner))
    if hand.active:
        parts.append("your turn")
    return Spoken(hand.key, Role.GROUP, ", ".join(parts), current=hand.active)


def _banner(banner: Banner) -> str:
    """A result as said, not shouted: 'win +$10.00'."""
    return banner.text.lower()


def news(before: TablePicture | None, after: TablePicture) -> str:
    """What happened between two pictures the felt showed, as one announcement ("" for
    nothing): the bets placed or taken back and the circle chosen, the cards that came and
    whose turn it is. Said at rest, once the cards have landed, so speech follows what the
    eye sees."""
    if before is None or before.game != after.game:
        return ""
    said = _bet_news(before, after)
    old_hands = {hand.hand_id: hand for hand in before.hands}
    for hand in after.hands:
        old = old_hands.get(hand.hand_id)
        came = hand.cards[len(old.cards) :] if old is not None else hand.cards
        if old is not None and old.cards[: len(hand.cards)] != hand.cards[: len(old.cards)]:
            came = hand.cards  # a new round's hand under an old number
        if came:
            total = f": {hand.total.replace(' / ', ' or ')}" if hand.total else ""
            verb = "draws" if old is not None and len(old.cards) < len(hand.cards) else "gets"
            if len(after.hands) == 1 and verb == "gets":
                said.append(f"You have {_cards(hand.cards)}{total}")
            else:
                said.append(f"Hand {hand.number} {verb} {_cards(came)}{total}")
    said += _dealer_news(before, after)
    turn = next((hand for hand in after.hands if hand.active), None)
    was = next((hand.hand_id for hand in before.hands if hand.active), None)
    if turn is not None and turn.hand_id != was and len(after.hands) > 1:
        said.append(f"Hand {turn.number}, your turn")
    return ". ".join(said)  # the round's result is the status line's message, said with it


def _bet_news(before: TablePicture, after: TablePicture) -> list[str]:
    """Between rounds: each circle whose bet changed, and the circle the arrow keys chose."""
    if not (before.between_rounds and after.between_rounds):
        return []
    said = []
    for circle in after.circles:
        old = before.circle(circle.spot)
        if (circle.stake, circle.buster) != (old.stake, old.buster):
            bet = f"bet {dollars(circle.stake)}" if circle.stake else "no bet"
            buster = f", Buster bet {dollars(circle.buster)}" if circle.buster else ""
            said.append(f"Circle {circle.spot}: {bet}{buster}")
        elif circle.chosen and not old.chosen:
            said.append(_circle(circle).name)
        elif circle.buster_chosen and not old.buster_chosen:
            said.append(f"Buster circle {circle.spot} selected")
    return said


def _dealer_news(before: TablePicture, after: TablePicture) -> list[str]:
    old, new = before.dealer.cards, after.dealer.cards
    if not new or old == new:
        return []
    if not old or old[0] != new[0]:  # a new round: his up card
        up = [card for card in new if card.face_up]
        return [f"Dealer shows {_cards(tuple(up))}"] if up else []
    turned = [n for o, n in zip(old, new, strict=False) if not o.face_up and n.face_up]
    drawn = new[len(old) :]
    parts = []
    if turned:
        parts.append(f"Dealer turns {_cards(tuple(turned))}")
    if drawn:
        parts.append(f"draws {_cards(drawn)}" if parts else f"Dealer draws {_cards(drawn)}")
    return [", ".join(parts)] if parts else []
