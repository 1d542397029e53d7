"""The statistics as text for people and as JSON for programs (amounts in integer cents)."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from casino_gui.engine import BlackjackError, dollars, rules_for
from casino_gui.store.database import stamp
from casino_gui.store.practice import PracticeFigures, PracticeProgress
from casino_gui.store.practice_counts import count_drill_label, count_figures_text
from casino_gui.store.stats import Statistics
from casino_gui.store.stats.figures import Fared, Figures, SideBets
from casino_gui.store.stats.quality import JudgedDecision, Quality


def to_json(found: Statistics) -> dict[str, Any]:
    return {
        "since": stamp(found.since) if found.since else None,
        "game": found.game,
        "overall": _figures_json(found.overall, found.quality),
        "games": {
            game: _figures_json(figures, found.game_quality.get(game))
            for game, figures in sorted(found.games.items())
        },
        "refunded_rounds": found.refunded,
        "refills": {"count": found.refills, "amount": found.refilled},
        "practice": found.practice.to_json(),
        # Play quality of the rounds judged so far (`stats --no-wait`); null: of every round.
        "judging": (
            {"judged": found.judging.judged, "rounds": found.judging.rounds}
            if found.judging is not None
            else None
        ),
        **(
            {"damaged_rounds": [{"round": d.round_id, "why": d.why} for d in found.damaged]}
            if found.damaged
            else {}
        ),
    }


def to_json_text(found: Statistics) -> str:
    return json.dumps(to_json(found), indent=2) + "\n"


def _figures_json(figures: Figures, quality: Quality | None) -> dict[str, Any]:
    def biggest(mark: tuple[int, int] | None) -> dict[str, int] | None:
        return {"net": mark[0], "round": mark[1]} if mark else None

    return {
        "rounds": figures.rounds,
        "hands": figures.hands_played,
        **{
            name: {"count": count, "percent": figures.percent(count)}
            for name, count in _results(figures)
        },
        "naturals": figures.naturals,
        "splits": figures.splits,
        "doubled_hands": asdict(figures.doubles),
        "split_hands": asdict(figures.split_hands),
        "insurance": {**asdict(figures.insurance), "net": figures.insurance.net},
        "buster": {**asdict(figures.buster), "net": figures.buster.net},
        "wagered": figures.wagered,
        "net": figures.net,
        "biggest_win": biggest(figures.biggest_win),
        "biggest_loss": biggest(figures.biggest_loss),
        "average_bet": figures.average_bet,
        "hands_per_hour": figures.hands_per_hour,
        "play_quality": _quality_json(quality) if quality is not None else None,
    }


def _results(figures: Figures) -> list[tuple[str, int]]:
    return [
        ("wins", figures.wins),
        ("losses", figures.losses),
        ("pushes", figures.pushes),
        ("surrenders", figures.surrenders),
    ]


def _quality_json(quality: Quality) -> dict[str, Any]:
    return {
        "decisions": quality.decisions,
        "matched": quality.matched,
        "matched_percent": quality.matched_percent,
        "given_up": quality.given_up,
        "given_up_percent_of_wagered": quality.given_up_percent,
        "costliest": [asdict(verdict) for verdict in quality.costliest],
    }


def to_text(found: Statistics) -> str:
    period = f"since {found.since:%Y-%m-%d %H:%M:%S} UTC" if found.since else "all time"
    lines = [f"Statistics, {period}"]
    if found.judging is not None:
        lines.append(
            f"Play quality so far: {found.judging.text()}; the rest are judged as the casino "
            "plays, or by `stats` without --no-wait"
        )
    title = _name(found.game) if found.game else "All games"
    lines += _figures_text(title, found.overall, found.quality)
    if len(found.games) > 1 or found.game is None:
        for game, figures in sorted(found.games.items()):
            lines += _figures_text(_name(game), figures, found.game_quality.get(game))
    lines.append("")
    lines.append(f"Refunded rounds: {found.refunded}")
    lines.append(f"Refills: {found.refills} ({dollars(found.refilled)})")
    if found.damaged:
        lines.append(f"Damaged rounds left out: {damaged_ids(found)}")
    if found.practice.drilled:
        lines += ["", *practice_lines(found.practice)]
    return "\n".join(lines) + "\n"


def practice_lines(progress: PracticeProgress) -> list[str]:
    """Practice in a few lines: overall, then per game and per kind of decision."""

    def line(name: str, figures: PracticeFigures) -> str:
        return (
            f"{name}: {figures.right} of {figures.decisions} right ({figures.accuracy}%), "
            f"{dollars(figures.lost_per_100)} lost per 100 decisions, streak {figures.streak} "
            f"(best {figures.best_streak})"
        )

    drilled = progress.overall.decisions
    lines = [line("Practice (no money)", progress.overall) if drilled else "Practice (no money):"]
    lines += [f"  {line(_name(game), f)}" for game, f in sorted(progress.games.items())]
    lines += [f"  {line(kind.replace('_', ' '), f)}" for kind, f in sorted(progress.kinds.items())]
    lines += [
        f"  {count_drill_label(drill)}: {count_figures_text(drill, f)}"
        for drill, f in sorted(progress.counting.items())
    ]
    return lines


def damaged_ids(found: Statistics) -> str:
    """The ids of the rounds left out (their rows cannot be read), in order."""
    return ", ".join(str(round_id) for round_id in sorted(d.round_id for d in found.damaged))


def _figures_text(title: str, figures: Figures, quality: Quality | None) -> list[str]:
    lines = ["", title, f"  Rounds {figures.rounds}, hands {figures.hands_played}"]
    if not figures.rounds:
        return lines
    lines.append(
        "  "
        + ", ".join(
            f"{name} {count} ({figures.percent(count)}%)" for name, count in _results(figures)
        )
    )
    lines.append(f"  Naturals {figures.naturals}, splits {figures.splits}")
    lines.append(f"  Doubled hands: {_fared(figures.doubles)}")
    lines.append(f"  Split hands: {_fared(figures.split_hands)}")
    lines.append(f"  Insurance: {_side(figures.insurance)}")
    if figures.buster.bets:
        lines.append(f"  Buster bets: {_side(figures.buster)}")
    lines.append(f"  Wagered {dollars(figures.wagered)}, net {_signed(figures.net)}")
    for name, mark in (("win", figures.biggest_win), ("loss", figures.biggest_loss)):
        if mark:
            lines.append(f"  Biggest {name} {_signed(mark[0])} (round {mark[1]})")
    lines.append(
        f"  Average bet {dollars(figures.average_bet)}, {figures.hands_per_hour} hands per hour"
    )
    if quality is not None:
        lines.append(
            f"  Play quality: {quality.matched} of {quality.decisions} decisions best "
            f"({quality.matched_percent}%), {dollars(quality.given_up)} given up "
            f"({quality.given_up_percent}% of the amount bet)"
        )
        lines += [f"    {_verdict(verdict)}" for verdict in quality.costliest]
    return lines


def _fared(fared: Fared) -> str:
    if not fared.count:
        return "none"
    return (
        f"{fared.count} ({fared.wins} won, {fared.losses} lost, {fared.pushes} pushed), "
        f"net {_signed(fared.net)}"
    )


def _side(bets: SideBets) -> str:
    if not bets.bets:
        return "none"
    return f"{bets.bets} made, {bets.won} paid, net {_signed(bets.net)}"


def _verdict(verdict: JudgedDecision) -> str:
    return (
        f"round {verdict.round_id} ({_name(verdict.game)}), decision {verdict.number}: "
        f"{verdict.taken.upper()} gives up {dollars(verdict.given_up)} "
        f"(best {verdict.best.upper()}, bet {dollars(verdict.bet)})"
    )


def _signed(cents: int) -> str:
    return f"-{dollars(-cents)}" if cents < 0 else f"+{dollars(cents)}"


def _name(game: str) -> str:
    try:
        return rules_for(game).name
    except BlackjackError:
        return game
