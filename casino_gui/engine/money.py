"""Money is integer cents everywhere; this module writes it for people and reads what they
type, exactly (no float ever touches an amount)."""

from __future__ import annotations

import re


def dollars(cents: int) -> str:
    """
    >>> dollars(150), dollars(100_000), dollars(-2_550), dollars(5)
    ('$1.50', '$1,000.00', '-$25.50', '$0.05')
    """
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}${whole:,}.{part:02d}"


_AMOUNT = re.compile(r"^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{0,2}))?$")


def dollars_to_cents(text: str) -> int:
    """An amount typed in dollars, as integer cents: exact, no float ever touches it.

    >>> dollars_to_cents("5"), dollars_to_cents("5.25"), dollars_to_cents("$1,000.5")
    (500, 525, 100050)
    """
    match = _AMOUNT.match(text.strip())
    if match is None:
        raise ValueError(f"{text.strip()!r} is not an amount in dollars like 5 or 5.25")
    whole, part = match.group(1).replace(",", ""), match.group(2) or ""
    return int(whole) * 100 + int(part.ljust(2, "0"))


def cents_to_entry(cents: int) -> str:
    """What a money field shows for an amount: "5" for $5, "5.25" for $5.25."""
    whole, part = divmod(cents, 100)
    return str(whole) if part == 0 else f"{whole}.{part:02d}"
