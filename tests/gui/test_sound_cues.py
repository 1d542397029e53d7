"""The sound cues' files and the mixing policy, without Qt."""

from __future__ import annotations

import doctest
import io
import subprocess
import sys
import wave
from pathlib import Path

import pytest

from casino_gui.gui.settings import Speed
from casino_gui.gui.sound import mixing, synthesis
from casino_gui.gui.sound.cues import RATE, RESULTS, SOUNDS, Cue
from casino_gui.gui.sound.mixing import AT_ONCE, MIN_GAP, Mixer, TableSound, best_result, gain
from casino_gui.gui.table.tempo import DEAL_GAP, SLIDE_MS
from casino_gui.gui.table.wording import Result


class Clock:
    """Time that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Recorder:
    """A player that keeps what it was asked to play."""

    def __init__(self) -> None:
        self.cues: list[Cue] = []
        self.gains: list[float] = []

    def play(self, cue: Cue) -> None:
        self.cues.append(cue)

    def set_volume(self, gain: float) -> None:
        self.gains.append(gain)


# --- The files ---------------------------------------------------------------------------


def test_every_cue_has_its_file_and_no_other_file_is_there() -> None:
    assert sorted(path.name for path in SOUNDS.iterdir()) == sorted(
        f"{cue.value}.wav" for cue in Cue
    )


def test_the_committed_files_are_what_the_script_makes() -> None:
    made = synthesis.cue_files()
    for cue, data in made.items():
        assert cue.path.read_bytes() == data, (
            f"run python -m casino_gui.gui.sound.synthesis ({cue})"
        )


def test_the_script_makes_the_same_bytes_twice() -> None:
    assert synthesis.cue_files() == synthesis.cue_files()


@pytest.mark.parametrize("cue", list(Cue))
def test_each_file_is_a_short_quiet_16_bit_mono_wav_that_starts_and_ends_silent(cue: Cue) -> None:
    with wave.open(io.BytesIO(cue.path.read_bytes())) as file:
        assert (file.getnchannels(), file.getsampwidth(), file.getframerate()) == (1, 2, RATE)
        frames = file.getnframes()
        data = file.readframes(frames)
    assert frames == round(cue.seconds * RATE)
    assert 0.04 <= cue.seconds <= 0.4
    samples = memoryview(data).cast("h")
    peak = max(abs(s) for s in samples)
    # Modest levels: well below full scale, but a sound, not a hiss.
    assert 0.1 * 32767 < peak < 0.5 * 32767
    # Soft edges: no click where it starts or stops.
    assert abs(samples[0]) < 50 and abs(samples[-1]) < 50
    assert len(cue.path.read_bytes()) < 20_000


def test_the_check_option_finds_a_file_that_differs(tmp_path: Path) -> None:
    assert synthesis.main(["--folder", str(tmp_path)]) == 0
    assert synthesis.main(["--folder", str(tmp_path), "--check"]) == 0
    (tmp_path / "win.wav").write_bytes(b"RIFF")
    assert synthesis.main(["--folder", str(tmp_path), "--check"]) == 1


def test_the_script_runs_as_a_module_and_checks_the_committed_files() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "casino_gui.gui.sound.synthesis", "--check"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_the_package_data_carries_the_sounds() -> None:
    text = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    assert '"resources/sounds/*.wav"' in text


# --- The mixing policy ------------------------------------------------------------------


def test_the_same_cue_within_its_gap_is_heard_once() -> None:
    clock = Clock()
    mixer = Mixer(clock)
    assert mixer.admit(Cue.CARD_DEALT)
    clock.advance(MIN_GAP[Cue.CARD_DEALT] / 2)
    assert not mixer.admit(Cue.CARD_DEALT)
    clock.advance(MIN_GAP[Cue.CARD_DEALT])
    assert mixer.admit(Cue.CARD_DEALT)


def test_a_fast_deal_keeps_one_snap_a_card() -> None:
    """Cards a fast deal's gap apart (tempo.py): every one is heard, none twice."""
    clock, heard = Clock(), 0
    mixer = Mixer(clock)
    for _card in range(8):
        heard += mixer.admit(Cue.CARD_DEALT, Speed.FAST)
        clock.advance(SLIDE_MS[Speed.FAST] * DEAL_GAP / 1000)
    assert heard == 8


def test_no_more_than_two_cues_sound_at_once_and_the_rest_are_dropped_not_delayed() -> None:
    clock = Clock()
    mixer = Mixer(clock)
    assert AT_ONCE == 2
    assert mixer.admit(Cue.SHUFFLE)
    assert mixer.admit(Cue.CARD_DEALT)
    assert not mixer.admit(Cue.CHIP_PLACED)
    clock.advance(Cue.CARD_DEALT.seconds)  # the card's snap is over; the shuffle goes on
    assert mixer.admit(Cue.CHIP_PLACED)


def test_fast_drops_the_minor_cues_and_instant_all_but_the_settlement() -> None:
    mixer = Mixer(Clock())
    assert not mixer.admit(Cue.SHUFFLE, Speed.FAST)
    assert not mixer.admit(Cue.CARD_TURNED, Speed.FAST)
    assert not mixer.admit(Cue.BUTTON, Speed.FAST)
    assert mixer.admit(Cue.CARD_DEALT, Speed.FAST)
    assert not any(mixer.admit(cue, Speed.INSTANT) for cue in Cue)
    assert mixer.admit_settlement([Result.WIN]) is Cue.WIN


@pytest.mark.parametrize(
    ("results", "cue"),
    [
        ([Result.LOSE, Result.WIN], Cue.WIN),
        ([Result.BUST, Result.PUSH, Result.LOSE], Cue.PUSH),
        ([Result.WIN, Result.NATURAL], Cue.NATURAL),
        ([Result.SURRENDER], Cue.LOSE),
        ([Result.BUST, Result.LOSE], Cue.LOSE),
        ([Result.BUST, Result.BUST], Cue.BUST),
        ([], None),
    ],
)
def test_the_settlement_plays_the_best_result(results: list[Result], cue: Cue | None) -> None:
    assert best_result(results) is cue
    assert Mixer(Clock()).admit_settlement(results) is cue


def test_one_result_cue_a_round_even_with_the_cap_full() -> None:
    clock = Clock()
    mixer = Mixer(clock)
    mixer.admit(Cue.CHIPS_PAID)
    mixer.admit(Cue.CARD_DEALT)
    assert mixer.admit_settlement([Result.WIN]) is Cue.WIN  # never the one dropped
    assert mixer.admit_settlement([Result.WIN]) is None
    mixer.new_round()
    assert mixer.admit_settlement([Result.LOSE]) is Cue.LOSE


def test_a_bust_heard_when_it_happened_is_not_repeated_at_the_settlement() -> None:
    clock = Clock()
    mixer = Mixer(clock)
    assert mixer.admit(Cue.BUST)
    clock.advance(1.0)
    assert mixer.admit_settlement([Result.BUST]) is None
    mixer.new_round()
    # At the instant speed the bust was not heard: the settlement says it.
    assert not mixer.admit(Cue.BUST, Speed.INSTANT)
    assert mixer.admit_settlement([Result.BUST]) is Cue.BUST


def test_the_results_are_ranked_best_first() -> None:
    assert RESULTS == (Cue.NATURAL, Cue.WIN, Cue.PUSH, Cue.LOSE, Cue.BUST)
    assert all(cue.is_result for cue in RESULTS)
    assert not Cue.CARD_DEALT.is_result


def test_muted_no_cue_reaches_the_player_not_even_the_settlement() -> None:
    player = Recorder()
    sound = TableSound(player, on=False, clock=Clock())
    assert not sound.play(Cue.CARD_DEALT)
    assert sound.settle([Result.NATURAL]) is None
    assert player.cues == []


def test_the_volume_reaches_the_player_as_a_gain_clamped_to_0_100() -> None:
    player = Recorder()
    sound = TableSound(player, volume=50, clock=Clock())
    sound.configure(True, 250)
    sound.configure(True, -4)
    assert player.gains == [0.25, 1.0, 0.0]
    assert sound.volume == 0
    other = Recorder()
    sound.player = other
    assert other.gains == [gain(0)]


def test_the_doctests_of_the_sound_modules() -> None:
    failures, tried = doctest.testmod(mixing)
    assert tried > 0 and failures == 0
