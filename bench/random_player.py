"""`python -m bench.random_player`: a seeded random player at the real window, for thousands of
events per game, its invariants checked after every event.

The real window on a real bankroll in a temporary folder, offscreen, with a real qasync loop.
The player clicks circles (left and right, Buster circles too), the action bar's buttons lit
or dark, the conveniences and the rack's chips, and presses the table's keys, at random
moments: straight after the window opens, during every deal, shuffle, hit, settlement and
chip flight, and at rest. A window-modal question (late insurance) is answered with Return or
Escape. After each event it checks (docs/decisions.md, "The random player"):

- the window agrees with the engine and the store at rest: the lit buttons are the engine's
  legal moves, the panel's money the picture's, the cards, chips and turn pointer on the felt
  the picture's (derived from the store's round and balance);
- every settled round's result (each hand's badge and the summary line) was on screen at rest
  before the next deal cleared the felt;
- no move reached the store for a hand that was not the one the felt marked as the hand to
  play when its key or click was made;
- no exception reached Qt or the loop; and, at the end of a game, the ledger sums to the
  bankroll.

A broken invariant stops the run with its game, seed and event (exit 1). Prints one line of
figures per game; `tests/gui/test_random_player.py` runs the same player for a few seconds
per game in the suite.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from casino_gui.game_ids import GAME_IDS

if TYPE_CHECKING:
    from casino_gui.engine import Event, Move, Rules
    from casino_gui.gui.window import CasinoWindow

# The seven games, and a custom table dealt from a one-deck shoe to its cut card: it shuffles
# mid-session.
GAMES = (*GAME_IDS, "shoe")
HAND_MOVES = ("hit", "stand", "double", "split", "surrender")


class BrokenError(AssertionError):
    """An invariant the window broke."""


def rules_of(game: str) -> Rules:
    from casino_gui.engine.games import rules_for

    if game == "shoe":
        return rules_for("blackjack").replace(decks=1, penetration=0.5)
    return rules_for(game)


@dataclass
class Tally:
    events: int = 0
    rounds: int = 0  # rounds settled
    refused: int = 0  # held moves or DEALs refused: their hand or result not shown yet


class RandomPlayer:
    """Plays `window` with random input from `rng`; `wait(ms)` lets the event loop run."""

    def __init__(self, window: CasinoWindow, rng: random.Random, wait: Callable[[int], None]):
        self.window, self.rng, self.wait = window, rng, wait
        self.controller = window.controller
        self.bankroll = window.bankroll
        self.tally = Tally()
        self.pressed: list[tuple[str, int | None]] = []  # moves pressed: (move, hand shown)
        self.round_id = self.bankroll.round_id
        self.unseen: int | None = None  # a settled round whose result was not on screen yet
        self.settled: set[int] = set()
        self.step = 0
        self.said = ""  # the status line as last checked
        act = self.bankroll.act

        def checked_act(move: Move) -> list[Event]:
            self._acting(move.action.value)
            return act(move)

        self.bankroll.act = checked_act  # type: ignore[method-assign]

    # --- The events -------------------------------------------------------------------------

    def run(self, events: int) -> Tally:
        for _ in range(events):
            self.play_one()
        self.finish()
        return self.tally

    def play_one(self) -> None:
        self.step += 1
        self.check()
        self._event()
        self.tally.events += 1
        # Mostly quick, to land inside animations; now and then long enough to rest. In
        # shares of a card's slide, so that every speed is caught mid-motion alike.
        share = self.rng.choice((0.0, 0.0, 0.05, 0.15, 0.3, 0.6, 1.2, 2.5))
        # At least a millisecond: between two inputs the loop runs, as it does for a player.
        self.wait(max(1, self.controller.animator.tempo.ms(share)))
        self.check()

    def _event(self) -> None:
        from PySide6.QtWidgets import QApplication

        modal = QApplication.activeModalWidget()
        if modal is not None:
            self._key(modal, self.rng.choice(("Return", "Escape")))
            return
        if (
            self.bankroll.balance < self.controller.rules.min_bet
            and not self.controller.round_in_play
        ):
            self._refill()
        chance = self.rng.random()
        if chance < 0.35:
            self._sensible()
        elif chance < 0.55:
            self._circle()
        elif chance < 0.80:
            self._table_key()
        elif chance < 0.92:
            self._button()
        elif chance < 0.97:
            self._convenience()
        else:
            self._chip()

    def _sensible(self) -> None:
        """What moves a round on: DEAL when lit, a lit move, else a chip on a circle."""
        from casino_gui.engine import Action
        from casino_gui.gui.panels.action_bar import SHORTCUTS

        lit = sorted(self.window.bar.lit(), key=lambda action: action.value)
        if not lit:
            self._circle(add=True)
            return
        action = Action.DEAL if Action.DEAL in lit else self.rng.choice(lit)
        if self.rng.random() < 0.5:
            self._key(self.window, SHORTCUTS[action])
        else:
            self._click_action(action)

    def _circle(self, add: bool | None = None) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        scene = self.window.scene
        circles = [*scene.circles.values(), *scene.busters.values()]
        circle = self.rng.choice(circles)
        left = add if add is not None else self.rng.random() < 0.8
        button = Qt.MouseButton.LeftButton if left else Qt.MouseButton.RightButton
        point = self.window.view.mapFromScene(circle.scenePos())
        QTest.mouseClick(self.window.view.viewport(), button, pos=point)

    def _table_key(self) -> None:
        from casino_gui.gui.panels.action_bar import (
            CHIP_KEYS,
            CHOOSE_KEYS,
            CONVENIENCE_KEYS,
            HINT_KEY,
            SHORTCUTS,
        )

        keys = [*SHORTCUTS.values(), *CHOOSE_KEYS, *CHIP_KEYS, HINT_KEY]
        keys += [key for both in CONVENIENCE_KEYS.values() for key in both]
        self._key(self.window, self.rng.choice(keys))

    def _button(self) -> None:
        bar = self.window.bar
        offered = sorted(bar.offered(), key=lambda action: action.value)
        self._click_action(self.rng.choice(offered))

    def _convenience(self) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        from casino_gui.gui.table.picture import Convenience

        button = self.window.bar.convenience(self.rng.choice(list(Convenience)))
        if button.isVisible():
            QTest.mouseClick(button, Qt.MouseButton.LeftButton)

    def _chip(self) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        from casino_gui.engine.betting import CHIPS

        chip = self.rng.choice(CHIPS[:4])  # up to $25: a bankroll lasts many rounds
        QTest.mouseClick(self.window.rack.chip_button(chip), Qt.MouseButton.LeftButton)

    def _refill(self) -> None:
        self.window.money.refill()  # what Bankroll ▸ Refill does

    def _click_action(self, action: object) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        from casino_gui.engine import Action

        assert isinstance(action, Action)
        button = self.window.bar.button(action)
        if button.isVisible():
            self._pressing(action.value)
            QTest.mouseClick(button, Qt.MouseButton.LeftButton)

    def _key(self, widget: object, key: str) -> None:
        from PySide6.QtGui import QKeySequence
        from PySide6.QtTest import QTest
        from PySide6.QtWidgets import QWidget

        from casino_gui.gui.panels.action_bar import SHORTCUTS

        assert isinstance(widget, QWidget)
        for action, shortcut in SHORTCUTS.items():
            if shortcut == key and widget is self.window:
                self._pressing(action.value)
        QTest.keySequence(widget, QKeySequence(key))

    # --- The invariants ---------------------------------------------------------------------

    def _pressing(self, move: str) -> None:
        """A move's key or click is made now: the hand the felt marks to play is kept."""
        if move in HAND_MOVES:
            self.pressed.append((move, self._pointer()))

    def _pointer(self) -> int | None:
        """The hand the player sees the gold pointer under, looking at the felt himself."""
        scene = self.window.scene
        return scene.placing.active if scene.pointer.isVisible() else None

    def _acting(self, move: str) -> None:
        """The store is asked to play `move`: it must answer a press made while its hand was
        the one shown as the hand to play."""
        table = self.bankroll.table
        if move not in HAND_MOVES or table is None or table.active_hand is None:
            return
        hand = table.active_hand.id
        for index, (pressed, shown) in enumerate(self.pressed):
            if (pressed, shown) == (move, hand):
                del self.pressed[: index + 1]
                return
        self.broken(f"{move} played on hand {hand}, never shown as the hand to play at a press")

    def check(self) -> None:
        table = self.bankroll.table
        round_id = self.bankroll.round_id
        if round_id != self.round_id:
            if self.unseen is not None:
                self.broken(f"round {self.unseen} was cleared before its result was shown")
            self.round_id, self.pressed = round_id, []
        from casino_gui.engine import Phase

        settled = table is not None and table.phase is Phase.SETTLED
        if settled and round_id is not None and round_id not in self.settled:
            self.settled.add(round_id)
            self.tally.rounds += 1
            self.unseen = round_id
        said = self.window.status.message_text
        if said != self.said and said.startswith("Not "):
            self.tally.refused += 1  # a held move or DEAL refused: its hand or result unseen
        self.said = said
        if self._at_rest():
            self._agrees()
        # Chips flying between rounds are extras over the picture: the result is in view.
        if not self.controller.busy and self.unseen is not None and self._result_shown():
            self.unseen = None

    def _at_rest(self) -> bool:
        from PySide6.QtWidgets import QApplication

        controller = self.controller
        flying = controller.animator.flying
        return not controller.busy and not flying and QApplication.activeModalWidget() is None

    def _agrees(self) -> None:
        """At rest the window is the picture, and the picture the engine's and the store's."""
        from casino_gui.engine import dollars

        picture, scene, window = self.controller.picture(), self.window.scene, self.window
        table = self.controller.table
        if window.bar.lit() != picture.lit:
            self.broken(f"lit {window.bar.lit()} but the picture lights {picture.lit}")
        if (
            table is not None
            and not picture.between_rounds
            and picture.lit != table.legal_actions()
        ):
            self.broken(f"lit {picture.lit} but the engine allows {table.legal_actions()}")
        if window.status.bankroll_text != dollars(picture.panel.balance):
            self.broken(f"bankroll {window.status.bankroll_text} against {picture.panel}")
        if picture.between_rounds:
            staked = sum(amount for _spot, amount in self.controller.betting().bets)
            staked += sum(amount for _spot, amount in self.controller.betting().busters)
            if picture.panel.balance != self.bankroll.balance - staked:
                self.broken(f"panel {picture.panel.balance} against the store's balance")
        for hand in picture.hands:
            drawn = [item.card for item in scene.hand_cards.get(hand.hand_id, [])]
            if drawn != [card.card for card in hand.cards]:
                self.broken(f"hand {hand.hand_id} drawn {drawn}, pictured {hand.cards}")
        dealer = [(item.card, item.face_up) for item in scene.dealer_cards]
        if dealer != [(card.card, card.face_up) for card in picture.dealer.cards]:
            self.broken(f"dealer drawn {dealer}, pictured {picture.dealer.cards}")
        for circle in picture.circles:
            if scene.circles[circle.spot].amount != circle.chips:
                self.broken(f"circle {circle.spot} drawn {scene.circles[circle.spot].amount}")
        active = next((hand.hand_id for hand in picture.hands if hand.active), None)
        if self._pointer() != active:
            self.broken(f"the pointer marks {self._pointer()}, the engine's turn is {active}")

    def _result_shown(self) -> bool:
        """The settled round on the felt shows each hand's badge and its summary line."""
        picture, scene = self.controller.picture(), self.window.scene
        if picture.summary is None:
            return False
        for hand in picture.hands:
            badge = scene.results.get(hand.hand_id)
            if hand.banner is not None and (badge is None or badge.text != hand.banner.text):
                return False
        return picture.summary.text in self.window.status.message_text

    def finish(self) -> None:
        """The last step played out; the ledger sums to the bankroll."""
        self.controller.animator.hurry()
        for _ in range(200):
            if self._at_rest():
                break
            self.wait(20)
        self.check()
        total = sum(row.amount for row in self.bankroll.ledger())
        if total != self.bankroll.balance:
            self.broken(f"the ledger sums to {total}, the bankroll is {self.bankroll.balance}")

    def broken(self, what: str) -> None:
        raise BrokenError(f"event {self.step}: {what}")


# --- The bench ------------------------------------------------------------------------------


def play_game(
    game: str, folder: Path, seed: int, events: int, speed: str, wait: Callable[[int], None]
) -> tuple[Tally, float]:
    """A fresh window at `game` on a bankroll in `folder`, played `events` times."""
    from casino_gui.gui.table.animation import Speed
    from casino_gui.gui.window import CasinoWindow
    from casino_gui.store import Bankroll

    bankroll = Bankroll.open(folder)
    window = CasinoWindow(bankroll, rules_of(game))
    try:
        window.resize(1280, 800)
        window.show()
        window.activateWindow()
        window.controller.speed = Speed[speed.upper()]
        started = time.perf_counter()
        tally = RandomPlayer(window, random.Random(f"{seed}:{game}"), wait).run(events)
        return tally, time.perf_counter() - started
    finally:
        window.controller.animator.hurry()
        wait(50)
        window.close()
        bankroll.close()


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.random_player", description=__doc__)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--events", type=int, default=3_000, help="events per game")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--speed", default="fast", help="normal or fast")
    args = parser.parse_args(argv)
    if args.events < 1:
        parser.error("--events must be at least 1")
    if args.speed not in ("normal", "fast"):
        parser.error(f"unknown speed {args.speed!r} (speeds are normal, fast)")
    for game in args.games:
        if game not in GAMES:
            parser.error(f"unknown game {game!r} (games are {', '.join(GAMES)})")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("QT_API", "pyside6")
    import asyncio

    import qasync
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    loop = qasync.QEventLoop(app, already_running=True)
    asyncio.set_event_loop(loop)
    failures: list[BaseException] = []
    sys.excepthook = lambda kind, error, trace: failures.append(error)
    with tempfile.TemporaryDirectory() as folder:
        for game in args.games:
            try:
                tally, seconds = play_game(
                    game, Path(folder) / game, args.seed, args.events, args.speed, QTest.qWait
                )
            except BrokenError as broken:
                print(f"{game}: BROKEN (seed {args.seed}): {broken}", file=sys.stderr)
                return 1
            if failures:
                print(f"{game}: EXCEPTION (seed {args.seed}): {failures[0]!r}", file=sys.stderr)
                return 1
            print(
                f"{game}: {tally.events} events, {tally.rounds} rounds, "
                f"{tally.refused} held presses refused as unseen, {seconds:.1f} s"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
