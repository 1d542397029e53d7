"""What HINT's values take into account, in the player's words: the rules page's section "The
hint" and the HINT button's tooltip say the same (docs/counting.md, "What the hint's values
take into account")."""

from __future__ import annotations

from casino_gui.engine.rules import Insurance, Rules


def hint_words(rules: Rules) -> list[str]:
    """What HINT's values take into account (docs/counting.md, "What the hint's values take
    into account"): the same words on the rules page and in the HINT button's tooltip."""
    seen = "this round's cards you can see"
    if rules.penetration is not None:
        seen += " and every card dealt since the shuffle"
    lines = [
        f"HINT gives each move's expected net for the cards you have not seen: {seen} are "
        "out of the shoe, and every card you draw leaves it before the dealer draws.",
        "A split is valued exactly for each hand played best on the cards it has seen (the "
        "split cards and its own); HINT at the second hand takes the first hand's cards out "
        "too.",
    ]
    if rules.insurance is Insurance.LATE:
        lines.append(
            "Against an ace, every move counts the chance to insure later, once its cards "
            "are seen; INSURE is insuring all you may now, then playing on."
        )
    if rules.penetration is not None:
        lines.append(
            "The Hi-Lo index beside it has its count computed for this table's decks and "
            "dealer rule."
        )
    return lines
