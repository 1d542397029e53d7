"""Money is integer cents everywhere; this module only writes it for people."""

from __future__ import annotations


def dollars(cents: int) -> str:
    """
    >>> dollars(150), dollars(100_000), dollars(-2_550), dollars(5)
    ('$1.50', '$1,000.00', '-$25.50', '$0.05')
    """
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}${whole:,}.{part:02d}"
