"""The sound cues, synthesized: the source of the WAV files in `casino_gui/resources/sounds/`.

    python -m casino_gui.gui.sound.synthesis          # writes every cue's file
    python -m casino_gui.gui.sound.synthesis --check  # exit 1 if a file differs from this script

Pure standard library (`math`, `random` with a fixed seed, `wave`), so the same bytes come out
on every machine and no dependency is needed to change a sound; a test proves the committed
files are what this script makes. Cards are filtered-noise snaps, chips short inharmonic
clinks, results short bell chimes. Every cue rises over a few milliseconds and fades to
silence before its end (no click at either edge) and peaks well below full scale (modest
levels: the volume setting turns them up).
"""

from __future__ import annotations

import argparse
import io
import math
import random
import struct
import sys
import wave
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from casino_gui.gui.sound.cues import RATE, SOUNDS, Cue

Samples = list[float]
SEED = 2026_11_30
FADE_IN = 0.003  # seconds: a sound that starts at full level clicks
FADE_OUT = 0.008


def silence(seconds: float) -> Samples:
    return [0.0] * round(seconds * RATE)


def mix_at(track: Samples, sound: Sequence[float], at: float, gain: float = 1.0) -> None:
    """Add `sound` into `track` from `at` seconds, cut at the track's end."""
    start = round(at * RATE)
    for index, value in enumerate(sound[: max(0, len(track) - start)]):
        track[start + index] += gain * value


def decay(seconds: float, tau: float, attack: float = 0.002) -> Samples:
    """A linear rise over `attack`, then an exponential fall with time constant `tau`."""
    rise = max(1, round(attack * RATE))
    return [
        (i / rise) if i < rise else math.exp(-(i - rise) / (tau * RATE))
        for i in range(round(seconds * RATE))
    ]


def tone(
    frequency: float,
    seconds: float,
    tau: float,
    harmonics: Iterable[tuple[float, float, float]] = ((1.0, 1.0, 1.0),),
    attack: float = 0.004,
) -> Samples:
    """Partials (ratio to `frequency`, level, decay as a share of `tau`) under one envelope."""
    count = round(seconds * RATE)
    out = [0.0] * count
    for ratio, level, share in harmonics:
        step = 2 * math.pi * frequency * ratio / RATE
        envelope = decay(seconds, tau * share, attack)
        for i in range(count):
            out[i] += level * envelope[i] * math.sin(step * i)
    return out


def noise(seconds: float, rng: random.Random) -> Samples:
    return [rng.uniform(-1.0, 1.0) for _ in range(round(seconds * RATE))]


def lowpass(samples: Sequence[float], cutoff: float) -> Samples:
    """One-pole low-pass filter."""
    a = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for x in samples:
        y += a * (x - y)
        out.append(y)
    return out


def highpass(samples: Sequence[float], cutoff: float) -> Samples:
    low = lowpass(samples, cutoff)
    return [x - y for x, y in zip(samples, low, strict=True)]


def band(samples: Sequence[float], low: float, high: float) -> Samples:
    return lowpass(highpass(samples, low), high)


def shaped(samples: Sequence[float], envelope: Sequence[float]) -> Samples:
    return [x * e for x, e in zip(samples, envelope, strict=False)]


def snap(seconds: float, rng: random.Random, low: float, high: float, tau: float) -> Samples:
    """A card's snap: a burst of band-passed noise that dies in a few milliseconds."""
    return shaped(band(noise(seconds, rng), low, high), decay(seconds, tau, attack=0.001))


def clink(frequency: float, seconds: float, tau: float = 0.035) -> Samples:
    """A clay chip on a chip: a few inharmonic partials, the higher ones dying first."""
    partials = ((1.0, 1.0, 1.0), (1.47, 0.6, 0.7), (2.09, 0.4, 0.45), (2.76, 0.25, 0.3))
    return tone(frequency, seconds, tau, partials, attack=0.0015)


def bell(frequency: float, seconds: float, tau: float = 0.14) -> Samples:
    """A soft chime note: the fundamental with a little of its octave and twelfth."""
    return tone(frequency, seconds, tau, ((1.0, 1.0, 1.0), (2.0, 0.28, 0.6), (3.0, 0.08, 0.4)))


def finish(samples: Samples, peak: float) -> Samples:
    """Scaled to `peak` of full scale, faded in and out so that neither edge clicks."""
    top = max(abs(x) for x in samples) or 1.0
    out = [x * peak / top for x in samples]
    rise, fall = round(FADE_IN * RATE), round(FADE_OUT * RATE)
    for i in range(rise):
        out[i] *= i / rise
    for i in range(fall):
        out[len(out) - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fall)
    return out


# --- The cues --------------------------------------------------------------------------------


def card_dealt(rng: random.Random) -> Samples:
    seconds = Cue.CARD_DEALT.seconds
    track = snap(seconds, rng, 1_500, 5_000, 0.016)
    # The card landing on the felt: a soft, low pat under the snap.
    mix_at(track, snap(seconds, rng, 120, 700, 0.025), 0.004, 0.9)
    return finish(track, 0.34)


def card_turned(rng: random.Random) -> Samples:
    seconds = Cue.CARD_TURNED.seconds
    track = snap(seconds, rng, 2_500, 6_500, 0.007)
    mix_at(track, snap(0.05, rng, 1_800, 5_000, 0.009), 0.035, 0.6)
    return finish(track, 0.26)


def chip_placed(rng: random.Random) -> Samples:
    seconds = Cue.CHIP_PLACED.seconds
    track = clink(2_400, seconds)
    mix_at(track, clink(2_650, seconds, 0.025), 0.028, 0.45)  # it settles on the stack
    mix_at(track, snap(0.01, rng, 3_000, 8_000, 0.001), 0.0, 0.3)
    return finish(track, 0.32)


def chip_removed(rng: random.Random) -> Samples:
    seconds = Cue.CHIP_REMOVED.seconds
    track = clink(2_000, seconds, 0.028)
    mix_at(track, snap(0.01, rng, 2_500, 7_000, 0.001), 0.0, 0.2)
    return finish(track, 0.24)


def chips_paid(rng: random.Random) -> Samples:
    track = silence(Cue.CHIPS_PAID.seconds)
    for index, at in enumerate((0.0, 0.05, 0.095, 0.15)):
        pitch = 2_300 * (1 + rng.uniform(-0.06, 0.06))
        mix_at(track, clink(pitch, 0.14, 0.03), at, 1.0 - 0.15 * index)
    return finish(track, 0.32)


def chips_collected(rng: random.Random) -> Samples:
    seconds = Cue.CHIPS_COLLECTED.seconds
    # The stack sliding over the felt: low noise that swells and dies away.
    slide = lowpass(noise(seconds, rng), 1_100)
    swell = [math.sin(math.pi * i / len(slide)) ** 2 for i in range(len(slide))]
    track = shaped(slide, swell)
    top = max(abs(x) for x in track)
    track = [0.5 * x / top for x in track]
    mix_at(track, clink(1_800, 0.12, 0.03), 0.06, 0.8)
    mix_at(track, clink(1_950, 0.1, 0.025), 0.16, 0.6)
    return finish(track, 0.28)


def shuffle(rng: random.Random) -> Samples:
    """A riffle: a quick run of tiny card ticks, densest in the middle, over a soft hiss."""
    seconds = Cue.SHUFFLE.seconds
    bed = band(noise(seconds, rng), 1_000, 4_000)
    track = shaped(bed, [0.12 * math.sin(math.pi * i / len(bed)) for i in range(len(bed))])
    at = 0.02
    while at < seconds - 0.05:
        middle = 1 - abs(2 * at / seconds - 1)  # 0 at the edges, 1 in the middle
        mix_at(track, snap(0.012, rng, 2_000, 7_000, 0.0025), at, 0.35 + 0.65 * middle)
        at += 0.018 - 0.008 * middle + rng.uniform(-0.002, 0.002)
    return finish(track, 0.28)


def button(rng: random.Random) -> Samples:
    seconds = Cue.BUTTON.seconds
    track = tone(1_500, seconds, 0.005, attack=0.001)
    mix_at(track, tone(520, seconds, 0.009, attack=0.001), 0.0, 0.6)
    mix_at(track, snap(0.01, rng, 2_000, 6_000, 0.001), 0.0, 0.15)
    return finish(track, 0.2)


def chime(notes: Sequence[tuple[float, float]], seconds: float, tau: float) -> Samples:
    """Bell notes (frequency, start) mixed into one cue."""
    track = silence(seconds)
    for frequency, at in notes:
        mix_at(track, bell(frequency, seconds - at, tau), at)
    return track


def win(_rng: random.Random) -> Samples:
    return finish(chime([(784.0, 0.0), (1_046.5, 0.09)], Cue.WIN.seconds, 0.11), 0.3)


def natural(_rng: random.Random) -> Samples:
    notes = [(1_046.5, 0.0), (1_318.5, 0.06), (1_568.0, 0.12), (2_093.0, 0.18)]
    return finish(chime(notes, Cue.NATURAL.seconds, 0.11), 0.32)


def lose(_rng: random.Random) -> Samples:
    notes = [(392.0, 0.0), (311.1, 0.13)]  # G4 down to E-flat 4: a soft minor fall
    return finish(chime(notes, Cue.LOSE.seconds, 0.12), 0.24)


def push(_rng: random.Random) -> Samples:
    return finish(chime([(880.0, 0.0), (880.0, 0.1)], Cue.PUSH.seconds, 0.05), 0.2)


def bust(rng: random.Random) -> Samples:
    """A falling note with a dull thud under it."""
    seconds = Cue.BUST.seconds
    count = round(seconds * RATE)
    envelope = decay(seconds, 0.09, attack=0.004)
    phase, track = 0.0, []
    for i in range(count):
        frequency = 330 - 140 * i / count  # E4 sliding down towards C#4
        phase += 2 * math.pi * frequency / RATE
        track.append(envelope[i] * (math.sin(phase) + 0.3 * math.sin(2 * phase)))
    mix_at(track, snap(0.08, rng, 60, 400, 0.02), 0.0, 2.0)
    return finish(track, 0.28)


def insurance(_rng: random.Random) -> Samples:
    # A rising fourth, as a question: "insurance?"
    return finish(chime([(880.0, 0.0), (1_174.7, 0.09)], Cue.INSURANCE.seconds, 0.06), 0.22)


SYNTHS: dict[Cue, Callable[[random.Random], Samples]] = {
    Cue.CARD_DEALT: card_dealt,
    Cue.CARD_TURNED: card_turned,
    Cue.CHIP_PLACED: chip_placed,
    Cue.CHIP_REMOVED: chip_removed,
    Cue.CHIPS_PAID: chips_paid,
    Cue.CHIPS_COLLECTED: chips_collected,
    Cue.SHUFFLE: shuffle,
    Cue.BUTTON: button,
    Cue.WIN: win,
    Cue.NATURAL: natural,
    Cue.LOSE: lose,
    Cue.PUSH: push,
    Cue.BUST: bust,
    Cue.INSURANCE: insurance,
}


def samples_of(cue: Cue) -> Samples:
    """The cue's samples, -1..1, exactly `cue.seconds` long; the same on every run."""
    # Each cue has its own seed, so changing one cue leaves the others' bytes alone.
    rng = random.Random(f"{SEED}:{cue.value}")
    samples = SYNTHS[cue](rng)
    return samples[: round(cue.seconds * RATE)]


def wav_bytes(samples: Sequence[float]) -> bytes:
    """16-bit mono little-endian PCM in a WAV file."""
    frames = struct.pack(
        f"<{len(samples)}h", *(math.floor(max(-1.0, min(1.0, x)) * 32767 + 0.5) for x in samples)
    )
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(RATE)
        file.writeframes(frames)
    return buffer.getvalue()


def cue_files() -> dict[Cue, bytes]:
    return {cue: wav_bytes(samples_of(cue)) for cue in Cue}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m casino_gui.gui.sound.synthesis", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    parser.add_argument("--folder", type=Path, default=SOUNDS)
    args = parser.parse_args(argv)
    differ = []
    for cue, data in cue_files().items():
        path = args.folder / f"{cue.value}.wav"
        if args.check:
            if not path.is_file() or path.read_bytes() != data:
                differ.append(path.name)
            continue
        args.folder.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"{path}: {len(data):,} bytes, {cue.seconds * 1000:.0f} ms")
    if differ:
        print(f"differ from the script: {', '.join(differ)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
