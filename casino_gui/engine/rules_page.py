"""docs/rules.md: the rules of every game as the engine plays them, one Markdown page.

Each game's section is `describe(rules)`, the text Help ▸ Rules shows, set as Markdown; the
rules every game shares are written here once, their figures (chips, limits, buttons, the
custom table's options) read from the engine. `python -m casino_gui.engine.rules --page`
prints the page, and `tests/test_docs.py` regenerates it and compares, so the page in the
repository never drifts from the engine.
"""

from __future__ import annotations

from textwrap import fill

from casino_gui.engine.betting import CHIPS
from casino_gui.engine.describe import describe
from casino_gui.engine.games import BLACKJACK, GAMES
from casino_gui.engine.money import dollars
from casino_gui.engine.rulebook.moves import Action
from casino_gui.engine.rules import Rules
from casino_gui.engine.rules.bounds import CIRCLES, LABELS, PENETRATION

_BUTTONS = " ".join(action.name.replace("_", " ") for action in Action)


def _common(table: Rules) -> list[tuple[str, str]]:
    chips = ", ".join(dollars(chip).removesuffix(".00") for chip in CHIPS)
    low, high = CIRCLES
    return [
        (
            "Money",
            "Integer cents everywhere: stakes, payouts, the wallet, limits. "
            f'"Pays {table.natural_pays}" is the '
            "winnings: the stake comes back as well. Where a payout is not a whole cent it is "
            "rounded down to the cent (the house keeps the fraction); half a bet (insurance, "
            "surrender) is rounded down the same way.",
        ),
        (
            "Chips and limits",
            f"Chips of {chips}. A table's limits hold for each betting circle: by default "
            f"{dollars(table.min_bet)} to {dollars(table.max_bet)}. The wallet never goes "
            "negative.",
        ),
        (
            "Betting circles",
            f"A table has {table.circles} betting circles by default ({low} to {high} at a custom "
            'table); spot 1 is the player\'s rightmost, "first base". A left click on a circle '
            "adds one chip of the selected value, a right click takes that value off (or what "
            "is left, if less). A circle's bet is 0 or within the limits, and the bets together "
            "never pass the wallet. Once the deal starts, the bets are locked.",
        ),
        (
            "DEAL",
            "DEAL is lit when a circle holds a valid bet, or when it would repeat: with no bet "
            "on the table, DEAL repeats the previous round's bets circle by circle if the "
            "wallet covers them, and otherwise (the session's first round, or too little left) "
            "bets the selected chip on spot 1. The bets are taken when the deal starts.",
        ),
        (
            "Order of play",
            "Cards are dealt one at a time: one to each occupied spot in spot order, then one to "
            "the dealer, then a second round the same way (a dealer without a hole card takes "
            "one). The dealer's first card is the up card. Spots are played in order; after a "
            "split the first hand takes its second card and is played out before the next takes "
            "its own, and a re-split hand comes right after the hand it came from. The dealer "
            "plays after every player hand is finished. A stacked (replayed) shoe is dealt in "
            "exactly this order; cards left over when the round ends are not used.",
        ),
        (
            "Buttons",
            f"{_BUTTONS}. A button is lit only when its move is legal for the hand in play now; "
            "a button a game never offers is not shown at its table. SPLIT and INSURE are not "
            "offered when the wallet cannot cover them; DOUBLE with less than the full amount "
            "doubles for what is left where the game allows it.",
        ),
        (
            "Automatic moves",
            "The engine moves a hand without asking where its game says so: a bust is over, a "
            "hand that reaches 21 or its most cards stands, a one-card double and split aces "
            "stand where the game gives them one card. A rule that names a total means the "
            "hand's best total: an ace counts 11 when that does not bust.",
        ),
        (
            "Insurance",
            "Where a game offers it, each spot in turn is asked when the dealer's up card is an "
            "ace, before any other decision (a spot that cannot afford it is not asked); it is a "
            "bet of its own, settled as the game's section says.",
        ),
        (
            "Settlement",
            "Each hand settles on its own against the dealer: a win (the stake back and the "
            "winnings), a push (the stake back), a loss or a surrender. A hand the dealer's cards "
            "can no longer change is settled at once (a bust, a surrender, a natural the "
            "dealer's card cannot match, a hand that always wins); the dealer does not draw when "
            "no hand is left for his cards to decide, unless his game says he plays out.",
        ),
    ]


def _custom(table: Rules) -> str:
    options = ", ".join(label.lower() for label in LABELS.values())
    low, high = (round(share * 100) for share in PENETRATION)
    return (
        "Beside the seven games, a player may start a table from any of them and change its "
        f"options: {options}. The engine reads every rule from one rules object, so a custom "
        "table is described, played and advised exactly as a preset is. A custom table may be "
        f"dealt from a shoe: a cut card at {low}% to {high}% of it, one card burnt after each "
        "shuffle, and the round in which the cut card comes out finished from the same shoe "
        f'(docs/decisions.md, "Shoe games"). {table.name} is the default.'
    )


def _game(rules: Rules) -> list[str]:
    """`describe(rules)` as Markdown: its title a heading, its sections' titles smaller ones,
    its indented lines (a table of payouts) a list under the bullet above them."""
    lines = describe(rules).splitlines()[2:]  # the title and its underline
    out = [f"### {rules.name}", "", f"Game id `{rules.game}`."]
    for line in lines:
        if not line:
            out.append("")
        elif line.startswith("- "):
            out.append(line)
        elif line.startswith("  "):
            out.append(f"  - {line.strip()}")
        else:
            out.extend([f"#### {line}", ""])
    return out


def rules_page() -> str:
    """The whole of docs/rules.md."""
    out = [
        "# The rules, as the engine plays them",
        "",
        "Generated by `python -m casino_gui.engine.rules --page > docs/rules.md` from the engine's",
        "own descriptions (each game's section is the text Help ▸ Rules shows);",
        "`tests/test_docs.py` fails when this page and the engine disagree. Where the rules were",
        "silent, [decisions.md](decisions.md) says what the casino does and why.",
        "",
        "## Common to every game",
    ]
    for title, text in _common(BLACKJACK):
        out.extend(["", f"### {title}", "", fill(text, 100)])
    out.extend(["", "## The games", ""])
    out.append("Game ids: " + ", ".join(f"`{game}`" for game in GAMES) + ".")
    for rules in GAMES.values():
        out.append("")
        out.extend(_game(rules))
    out.extend(["", "## Custom table", "", fill(_custom(BLACKJACK), 100)])
    return "\n".join(out) + "\n"
