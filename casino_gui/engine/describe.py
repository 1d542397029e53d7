"""The rules of a table in words, generated from its `Rules` object, so the GUI's rules page
can never disagree with the engine. `python -m casino_gui.engine.rules GAME` prints it."""

from __future__ import annotations

from casino_gui.command_line import BAD_INPUT, CommandParser, say_line, write_output
from casino_gui.engine.errors import RulesError
from casino_gui.engine.games import GAMES, rules_for
from casino_gui.engine.hint_words import hint_words
from casino_gui.engine.money import dollars
from casino_gui.engine.rulebook import EVEN
from casino_gui.engine.rules import (
    AfterDouble,
    DealerCards,
    Insurance,
    MoveWords,
    Odds,
    Peek,
    Rules,
    SplitMatch,
    Tie,
)
from casino_gui.engine.rules.pay_tables import Bonus
from casino_gui.engine.shoe import cut_card, shoe_cards

_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def bonus_lines(rules: Rules) -> list[tuple[str, Odds]]:
    """The rules' bonus table as its lines are printed (bonuses of one `line` together).

    >>> from casino_gui.engine.games import MATCH_PLAY_21
    >>> [f"{hands}: {odds}" for hands, odds in bonus_lines(MATCH_PLAY_21)][-3:]
    ['7-7-7 mixed; 6-7-8 mixed; five cards: 3:2', 'blackjack: 3:2', 'any other 21: 1:1']
    """
    lines: list[tuple[list[str], Odds]] = []
    line = None
    for bonus in rules.bonus_pays:
        if bonus.line == line:
            lines[-1][0].append(bonus.label)
        else:
            lines.append(([bonus.label], bonus.odds))
        line = bonus.line
    printed = [("; ".join(labels), odds) for labels, odds in lines]
    if printed:
        if rules.naturals and rules.natural_tie is Tie.PLAYER_WINS:
            printed.append((rules.natural_name, rules.natural_pays))
        printed.append(("any other 21", EVEN))
    return printed


def _top_bonus(bonuses: tuple[Bonus, ...]) -> Odds:
    return max((bonus.odds for bonus in bonuses), key=lambda odds: odds.num / odds.den)


def dealer_on_17(rules: Rules) -> str:
    """The dealer's rule at 17 in words; a game whose aces count one has no soft 17.

    >>> from casino_gui.engine.games import rules_for
    >>> [dealer_on_17(rules_for(game)) for game in ("blackjack", "caribbean_21")]
    ['hits soft 17', 'stands on 17']
    """
    if not rules.aces_eleven:
        return "stands on 17"
    return "hits soft 17" if rules.dealer_hits_soft_17 else "stands on soft 17"


def soft_17_short(rules: Rules) -> str:
    """The dealer's rule at 17 as counters write it beside an index: 'H17' or 'S17'.

    >>> from casino_gui.engine.games import rules_for
    >>> soft_17_short(rules_for("blackjack")), soft_17_short(rules_for("caribbean_21"))
    ('H17', 'S17')
    """
    return "H17" if dealer_on_17(rules) == "hits soft 17" else "S17"


def _n(count: int) -> str:
    return _NUMBERS.get(count, str(count))


def _shoe(rules: Rules) -> list[str]:
    per_deck = 52 - 4 * len(rules.removed_ranks)
    removed = ""
    if rules.removed_ranks == frozenset("T"):
        removed = " (the four 10s of each deck removed; jacks, queens and kings stay)"
    elif rules.removed_ranks:
        removed = f" (without the ranks {', '.join(sorted(rules.removed_ranks))})"
    decks = f"{_n(rules.decks).capitalize()} {per_deck}-card deck{'s' if rules.decks > 1 else ''}"
    cut = cut_card(rules)
    if cut is None:
        return [f"{decks}{removed}, shuffled before every round."]
    return [
        f"{decks}{removed}, dealt from a shoe: {shuffle_words(rules)} "
        f"({cut} of its {len(shoe_cards(rules))} cards), then shuffled between rounds.",
        "After each shuffle the first card is burnt: it goes to the discard tray unseen.",
        "The round in which the cut card comes out is finished from the same shoe.",
    ]


def shuffle_words(rules: Rules) -> str:
    """When the table shuffles, in a few words (the lobby's tile and the rules page).

    >>> from casino_gui.engine.games import rules_for
    >>> table = rules_for("blackjack")
    >>> shuffle_words(table), shuffle_words(table.replace(penetration=0.75))
    ('shuffled every round', 'a cut card at 75%')
    """
    if rules.penetration is None:
        return "shuffled every round"
    return f"a cut card at {round(rules.penetration * 100)}%"


def _dealer(rules: Rules) -> list[str]:
    lines = {
        DealerCards.UP_AND_HOLE: "The dealer takes one card face up and one face down (the hole card).",
        DealerCards.BOTH_UP: "Both of the dealer's cards are dealt face up.",
        DealerCards.BOTH_DOWN: "Both of the dealer's cards are dealt face down.",
        DealerCards.UP_ONLY: "The dealer takes one card face up and no hole card; he draws after the players.",
    }
    out = [lines[rules.dealer_cards]]
    natural = rules.natural_name if rules.natural_name == "blackjack" else f"a {rules.natural_name}"
    if rules.naturals and rules.dealer_peek is Peek.ACE_OR_TEN:
        out.append(
            f"With an ace or a ten-value card up, the dealer checks for {natural}: "
            "if he has it the round ends at once and each hand loses only its original bet."
        )
    elif rules.naturals and rules.dealer_peek is Peek.ALWAYS:
        out.append(f"If the dealer's two cards are {natural}, the round ends at once.")
    if not rules.aces_eleven:
        out.append(f"The dealer hits 16 or less and {dealer_on_17(rules)} or more.")
    else:
        out.append(
            f"The dealer hits 16 or less, {dealer_on_17(rules)}, and stands on hard 17 or more."
        )
    if rules.dealer_stands_on_five_cards:
        out.append("The dealer stands on any five cards.")
    if rules.dealer_always_plays_out:
        out.append("The dealer always plays out his hand, even when every player hand is decided.")
    return out


def _cards(rules: Rules) -> list[str]:
    ace = (
        "Aces count 1 or 11, whichever is better for the hand."
        if rules.aces_eleven
        else "Aces count 1 only: there are no soft hands and no blackjack."
    )
    return ["Cards 2 to 10 count their face value; jacks, queens and kings count 10.", ace]


def _payouts(rules: Rules) -> list[str]:
    out = []
    if rules.naturals:
        name = f"A {rules.natural_name}"
        line = (
            f"{name} (an ace and a ten-value card as the first two cards) pays {rules.natural_pays}"
        )
        if rules.diamond_natural_pays is not None:
            line += f"; both cards diamonds pays {rules.diamond_natural_pays}"
        out.append(line + ".")
        tie = {
            Tie.PUSH: "Two naturals push.",
            Tie.PLAYER_WINS: "A player natural wins even against a dealer natural.",
            Tie.DEALER_WINS: "A dealer natural beats a player natural.",
        }[rules.natural_tie]
        out.append(tie)
        after_split = "counts as a natural" if rules.natural_after_split else "is 21, not a natural"
        out.append(f"A two-card 21 after a split {after_split}.")
    if rules.caribbean_21_pays is not None:
        out.append(
            f"A Caribbean 21 (an ace and two ten-value cards) beats every other 21 and pays "
            f"{rules.caribbean_21_pays} on the hand's base stake and {EVEN} on any doubled amount."
        )
    if rules.five_card_trick_pays is not None:
        out.append(
            f"A five-card trick (five cards, not bust) beats every hand but a pontoon and pays "
            f"{rules.five_card_trick_pays}; a dealer five-card trick beats a player's."
        )
    if rules.five_card_21_pays is not None:
        out.append(
            f"On a hand that was not doubled, five or more cards totalling 21 pay "
            f"{rules.five_card_21_pays} at once."
        )
    if rules.six_card_win:
        out.append(
            f"On a hand that was not doubled, six cards without busting win at once ({EVEN})."
        )
    if rules.player_21_always_wins:
        out.append("A player 21 always wins.")
    if rules.bonus_pays:
        out.append("Bonus 21s, on hands neither doubled nor split (only the highest applies):")
        out.extend(f"  {hands}: {pays}" for hands, pays in bonus_lines(rules))
    out.append(f"Other winning hands pay {EVEN}.")
    ties = {
        Tie.PUSH: "Ties push: the stake comes back.",
        Tie.DEALER_WINS: "The dealer wins all ties.",
        Tie.PLAYER_WINS: "The player wins all ties.",
    }[rules.ties]
    out.append(ties)
    if rules.no_bust_totals:
        totals = ", ".join(str(t) for t in sorted(rules.no_bust_totals))
        out.append(
            f"No-bust push: a three-card hand totalling {totals} pushes when the dealer's final "
            "total is higher than the player's."
        )
    return out


def _play(rules: Rules) -> list[str]:
    out = []
    if rules.move_words is MoveWords.PONTOON:
        out.append("The moves are called twist (hit), stick (stand) and buy (double).")
    if rules.player_stand_min:
        out.append(
            f"A hand must hit below {rules.player_stand_min} and may stand on "
            f"{rules.player_stand_min} or more."
        )
    if rules.player_max_cards:
        out.append(f"A hand holds {_n(rules.player_max_cards)} cards at most and then stands.")
    if rules.soft_21_draws:
        out.append("A hard 21 stands; a soft 21 of three or more cards may go on: hit or double.")
    else:
        out.append("A hand that reaches 21 stands.")
    if rules.auto_hit_beaten_hands:
        out.append(
            "When the dealer stands on a visible hand that beats yours, your hand is hit "
            "automatically until it beats the dealer or busts (once it can no longer double, "
            "split or surrender)."
        )
    out.extend(_doubling(rules))
    out.extend(_splitting(rules))
    out.extend(_surrender(rules))
    out.extend(_insurance(rules))
    return out


def _doubling(rules: Rules) -> list[str]:
    if rules.doubles_per_hand == 0:
        return ["No doubling."]
    high = rules.double_max_cards
    if high == rules.double_min_cards == 2:
        when = "on the first two cards"
    elif high is None:
        when = f"on {_n(rules.double_min_cards)} or more cards, before standing"
    else:
        when = f"on {rules.double_min_cards} to {high} cards"
    if rules.double_totals is not None:
        totals = ", ".join(str(t) for t in sorted(rules.double_totals))
        when += f", on a {'hard ' if rules.double_hard_only else ''}{totals} only"
    times = "once" if rules.doubles_per_hand == 1 else f"up to {rules.doubles_per_hand} times"
    each = "adding the hand's current stake" if rules.doubles_per_hand > 1 else "adding the bet"
    line = f"DOUBLE {times} per hand {when}, {each}"
    if rules.after_double is AfterDouble.PLAY_ON:
        line += "; the hand gets one card and play goes on."
    elif rules.surrender_after_double:
        line += "; the hand gets one card, then may stand or surrender (the rescue)."
    else:
        line += "; the hand gets one card and stands."
    out = [line]
    out.append(
        "Double after a split: yes." if rules.double_after_split else "No double after a split."
    )
    if rules.double_for_less:
        out.append("Short of the full amount, you double for what you have left.")
    return out


def _splitting(rules: Rules) -> list[str]:
    if not rules.splitting:
        return ["No splitting."]
    match = {
        SplitMatch.VALUE: "two cards of equal value (K-Q too)",
        SplitMatch.RANK: "two cards of equal rank (K-K, not K-Q)",
        SplitMatch.ANY: "any two cards",
    }[rules.split_match]
    out = [f"SPLIT {match}, up to {_n(rules.split_max_hands)} hands, for a bet equal to the first."]
    aces = "Split aces get one card each" if rules.split_aces_one_card else "Split aces play on"
    resplit = "and may be split again" if rules.resplit_aces else "and are not split again"
    out.append(f"{aces} {resplit}.")
    return out


def _surrender(rules: Rules) -> list[str]:
    if not rules.surrender:
        return ["No surrender."]
    when = (
        "on the first two cards"
        if rules.surrender_first_two_cards_only
        else "any time before standing"
    )
    conditions = []
    if rules.surrender_min_total:
        conditions.append(f"totalling {rules.surrender_min_total} or more")
    if rules.surrender_without_ace:
        conditions.append("without an ace")
    conditions.append("after a split too" if rules.surrender_after_split else "not after a split")
    if rules.surrender_after_double:
        conditions.append("after doubling too")
    return [
        f"SURRENDER {when}, {', '.join(conditions)}: half the hand's current stake comes back "
        "(rounded down to the cent)."
    ]


def _insurance(rules: Rules) -> list[str]:
    if rules.insurance is Insurance.NONE:
        return ["No insurance."]
    if rules.insurance is Insurance.STANDARD:
        return [
            f"INSURANCE is offered when the dealer shows an ace, before any other decision: it "
            f"costs half the bet (rounded down to the cent) and pays {rules.insurance_pays} if "
            "the dealer has blackjack."
        ]
    return [
        "Late INSURANCE: while the dealer shows an ace you may insure at any moment of your "
        f"turn, up to half the spot's current stake in all; it pays {rules.insurance_pays} if "
        "the dealer's next two cards are both ten-value (a dealer Caribbean 21)."
    ]


def _table(rules: Rules) -> list[str]:
    out = [
        f"Bets from {dollars(rules.min_bet)} to {dollars(rules.max_bet)} on each of "
        f"{_n(rules.circles)} betting circle{'s' if rules.circles > 1 else ''}."
    ]
    if rules.buster_pays:
        most = rules.buster_pays[-1][0]
        pays = ", ".join(
            f"{count}{'+' if count == most else ''} cards {odds}"
            for count, odds in rules.buster_pays
        )
        out.append(
            f"Buster side bet ({dollars(rules.buster_min)} to {dollars(rules.buster_max)}) wins "
            f"when the dealer busts, by the cards in his busted hand: {pays}."
        )
    out.append(
        "Payouts that are not a whole cent are rounded down to the cent; the house keeps "
        "the fraction."
    )
    return out


def describe(rules: Rules) -> str:
    """The rules of the table as a page of text."""
    sections = (
        ("The shoe", _shoe(rules)),
        ("Card values", _cards(rules)),
        ("The dealer", _dealer(rules)),
        ("Your play", _play(rules)),
        ("Payouts", _payouts(rules)),
        ("The table", _table(rules)),
        ("The hint", hint_words(rules)),
    )
    parts = [rules.name, "=" * len(rules.name)]
    for title, lines in sections:
        parts.append("")
        parts.append(title)
        parts.extend(line if line.startswith("  ") else f"- {line}" for line in lines)
    return "\n".join(parts) + "\n"


def main(argv: list[str] | None = None) -> int:
    """`python -m casino_gui.engine.rules GAME`, or `--page` for docs/rules.md (every game);
    bad input is one line and status 2."""
    prog = "python -m casino_gui.engine.rules"
    parser = CommandParser(
        prog=prog, description="Print the rules of a game, generated from its rules object."
    )
    parser.add_argument("game", nargs="?", help=f"one of {', '.join(GAMES)}")
    parser.add_argument(
        "--page", action="store_true", help="print every game's rules as docs/rules.md"
    )
    args = parser.parse_args(argv)
    if args.page:
        from casino_gui.engine.rules_page import rules_page  # it imports this module

        return write_output(prog, rules_page())
    if args.game is None:
        parser.error("name a game, or --page for every game")
    try:
        rules = rules_for(args.game)
    except RulesError as error:
        say_line(str(error))
        return BAD_INPUT
    return write_output(prog, describe(rules))


def _to(odds: Odds) -> str:
    return "EVEN MONEY" if odds == EVEN else f"{odds.num} TO {odds.den}"


def felt_lines(rules: Rules) -> tuple[str, str]:
    """The two lines printed on the felt, as on a real table: the payout line and the rules
    line. From the rules object, so a custom table prints its own."""
    natural = rules.natural_name.upper()
    pays: list[str] = []
    if rules.naturals:
        pays.append(f"{natural} PAYS {_to(rules.natural_pays)}")
    if rules.diamond_natural_pays is not None:
        pays.append(f"DIAMOND {natural} PAYS {_to(rules.diamond_natural_pays)}")
    if rules.caribbean_21_pays is not None:
        pays.append(f"CARIBBEAN 21 PAYS {_to(rules.caribbean_21_pays)}")
    if rules.five_card_trick_pays is not None:
        pays.append(f"FIVE-CARD TRICK PAYS {_to(rules.five_card_trick_pays)}")
    if rules.bonus_pays:
        pays.append(f"BONUS 21s PAY UP TO {_to(_top_bonus(rules.bonus_pays))}")
    if rules.no_bust_totals:
        low, high = min(rules.no_bust_totals), max(rules.no_bust_totals)
        pays.append(f"THREE-CARD {low}-{high} PUSH")
    small: list[str] = []
    if rules.aces_eleven:
        small.append(
            "Dealer must hit soft 17" if rules.dealer_hits_soft_17 else "Dealer stands on all 17s"
        )
    else:
        small.append("Aces count one · Dealer stands on 17")
    if rules.natural_tie is Tie.PLAYER_WINS and rules.naturals:
        small.append(f"Player wins {rules.natural_name} ties")
    if rules.ties is Tie.DEALER_WINS:
        small.append("Dealer wins ties")
    if rules.insurance is not Insurance.NONE:
        small.append(f"Insurance pays {rules.insurance_pays.num} to {rules.insurance_pays.den}")
    return " · ".join(pays), " · ".join(small)


def tagline(rules: Rules) -> str:
    """The lobby's line for a table: what sets it apart from the classic game, from the rules.

    >>> from casino_gui.engine.games import GAMES
    >>> tagline(GAMES["face_up_21"])
    'Both dealer cards face up; your blackjack always wins; the dealer wins ties'
    >>> tagline(GAMES["blackjack"])
    'The classic game: blackjack pays 3:2, insurance 2:1, dealer hits soft 17'
    """
    natural = rules.natural_name
    facts: list[str] = []
    if rules.dealer_cards is DealerCards.BOTH_UP:
        facts.append("both dealer cards face up")
    elif rules.dealer_cards is DealerCards.BOTH_DOWN:
        facts.append("both dealer cards face down")
    if not rules.aces_eleven:
        facts.append("aces count one")
    if rules.removed_ranks == frozenset("T"):
        facts.append("the 10s are out")
    elif rules.removed_ranks:
        facts.append(f"the {', '.join(sorted(rules.removed_ranks))} are out")
    if rules.player_21_always_wins:
        facts.append("your 21 always wins")
    elif rules.naturals and rules.natural_tie is Tie.PLAYER_WINS:
        facts.append(f"your {natural} always wins")
    if rules.no_bust_totals:
        low, high = min(rules.no_bust_totals), max(rules.no_bust_totals)
        facts.append(f"{low} to {high} in three cards can push")
    trick = rules.five_card_trick_pays
    if trick is not None and rules.naturals and trick == rules.natural_pays:
        facts.append(f"{natural}s and five-card tricks pay {trick}")
    elif trick is not None:
        facts.append(f"five-card tricks pay {trick}")
    if rules.caribbean_21_pays is not None:
        facts.append(f"an ace and two tens, a Caribbean 21, pays {rules.caribbean_21_pays}")
    if rules.diamond_natural_pays is not None:
        facts.append(f"a diamond {natural} pays {rules.diamond_natural_pays}")
    if rules.bonus_pays:
        facts.append(f"bonus 21s pay up to {_top_bonus(rules.bonus_pays)}")
    if rules.buster_pays:
        facts.append("a Buster side bet on the dealer's bust")
    if rules.ties is Tie.DEALER_WINS:
        facts.append("the dealer wins ties")
    if not facts:
        insurance = (
            f", insurance {rules.insurance_pays}" if rules.insurance is not Insurance.NONE else ""
        )
        pays = f"{natural} pays {rules.natural_pays}" if rules.naturals else "no naturals"
        return f"The classic game: {pays}{insurance}, dealer {dealer_on_17(rules)}"
    line = "; ".join(facts[:3])
    return line[0].upper() + line[1:]
