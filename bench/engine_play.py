"""Random legal play timed in one process: the part of `bench.engine` that runs
inside the source tree being measured.

It only uses the engine API that every version since the first commit has (`Round`,
`Shoe.shuffled`, `legal_actions`, the moves' methods, `late_insurance_room`), imports the
engine inside `play`, and is run by the bench as `python -c <this file>` from the root of the
tree to time, so the same play times this tree and an older commit unpacked beside it.

Prints one JSON object: for each game, the CPU seconds its rounds took (the process's own
time: on a machine shared with other work that is the figure per core, where the wall clock
also counts the waits for a core), a checksum of their results (the sum of the final bankrolls and of the cards dealt), which equal checksums show
two engines played alike, and the cards each round drew (for the bench's floor).
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

# The method of each move that is not named after it (`apply` once took text, now a `Move`).
_METHODS = {"no_insurance": "decline_insurance", "insure": "insure"}


def play(
    games: list[str], rounds: int, chooser: type[random.Random] = random.Random
) -> dict[str, tuple[float, int, list[int]]]:
    """`rounds` rounds of each game from shoes seeded 0, 1, 2 ...: CPU seconds, checksum,
    and the cards drawn from each round's shoe. `chooser` makes the player's random source
    (the bench's floor passes one that notes its calls)."""
    from casino_gui.engine.games import GAMES
    from casino_gui.engine.round import Action, Phase, Round
    from casino_gui.engine.shoe import Shoe

    results: dict[str, tuple[float, int, list[int]]] = {}
    for game in games:
        rules = GAMES[game]
        rng = chooser(1)
        checksum = 0
        drawn: list[int] = []
        start = time.process_time()
        for seed in range(rounds):
            table: Any = Round(rules, Shoe.shuffled(rules, seed), 100_000)
            for spot in range(1, rules.circles + 1):
                if spot == 1 or rng.random() < 0.5:
                    buster = rng.choice((0, rules.buster_min)) if rules.buster_bet else 0
                    table.bet(spot, rng.choice((100, 500, 1_000, 2_500)), buster)
            table.deal()
            while table.phase is not Phase.SETTLED:
                action = rng.choice(sorted(table.legal_actions(), key=lambda a: a.value))
                hand = table.active_hand
                if action is Action.INSURE and hand is not None:  # late insurance
                    room = min(table.late_insurance_room(hand.spot), table.bankroll)
                    table.insure(rng.randint(1, room))
                else:
                    getattr(table, _METHODS.get(action.value, action.value))()
            checksum += table.bankroll + table.shoe.dealt
            drawn.append(table.shoe.dealt)
        results[game] = (time.process_time() - start, checksum, drawn)
    return results


if __name__ == "__main__":
    print(json.dumps(play(sys.argv[2:], int(sys.argv[1]))))
