#!/usr/bin/env python3
"""Synthesise the game's sound effects into assets/sounds/*.wav.

Pure standard library (wave, math, random, struct): no samples are downloaded, every
sound is made here.  16-bit mono, 22050 Hz, each under 1.5 s.  Deterministic: the
same script always writes the same files.

    python build/assets/make_sounds.py [output-dir]
"""
from __future__ import annotations

import math
import random
import struct
import sys
import wave
from pathlib import Path

RATE = 22050
TAU = 2 * math.pi


def silence(seconds: float) -> list[float]:
    return [0.0] * int(seconds * RATE)


def mix_into(dst: list[float], src: list[float], at: float = 0.0, gain: float = 1.0) -> None:
    off = int(at * RATE)
    need = off + len(src) - len(dst)
    if need > 0:
        dst.extend([0.0] * need)
    for i, v in enumerate(src):
        dst[off + i] += v * gain


def envelope(n: int, attack: float, decay_rate: float) -> list[float]:
    """Linear attack (seconds) then exponential decay (1/s)."""
    a = max(1, int(attack * RATE))
    out = []
    for i in range(n):
        t = i / RATE
        e = i / a if i < a else math.exp(-decay_rate * (t - attack))
        out.append(e)
    return out


def lowpass(sig: list[float], cutoff_hz) -> list[float]:
    """One-pole low-pass; cutoff may be a function of time (seconds)."""
    out, y = [], 0.0
    for i, x in enumerate(sig):
        fc = cutoff_hz(i / RATE) if callable(cutoff_hz) else cutoff_hz
        a = 1 - math.exp(-TAU * fc / RATE)
        y += a * (x - y)
        out.append(y)
    return out


def highpass(sig: list[float], cutoff_hz: float) -> list[float]:
    low = lowpass(sig, cutoff_hz)
    return [x - lo for x, lo in zip(sig, low)]


def noise(n: int, rng: random.Random) -> list[float]:
    return [rng.uniform(-1, 1) for _ in range(n)]


def fade(sig: list[float], fade_in: float = 0.003, fade_out: float = 0.02) -> list[float]:
    fi, fo = int(fade_in * RATE), int(fade_out * RATE)
    n = len(sig)
    for i in range(min(fi, n)):
        sig[i] *= i / fi
    for i in range(min(fo, n)):
        sig[n - 1 - i] *= i / fo
    return sig


def normalise(sig: list[float], peak: float = 0.85) -> list[float]:
    m = max(1e-9, max(abs(v) for v in sig))
    return [v * peak / m for v in sig]


def drum_hit(length: float, f0: float, f1: float, rng: random.Random, snap: float = 0.5,
             decay: float = 7.0) -> list[float]:
    """A skin drum: a sine whose pitch falls from f0 to f1, plus a short noise slap."""
    n = int(length * RATE)
    out, phase = [], 0.0
    env = envelope(n, 0.002, decay)
    for i in range(n):
        t = i / RATE
        f = f1 + (f0 - f1) * math.exp(-t * 18)
        phase += TAU * f / RATE
        out.append(math.sin(phase) * env[i] + 0.35 * math.sin(2.02 * phase) * env[i] * math.exp(-t * 12))
    slap = lowpass(noise(n, rng), 1800)
    senv = envelope(n, 0.001, 45.0)
    return [o + snap * s * e * 2.5 for o, s, e in zip(out, slap, senv)]


# ------------------------------------------------------------------------ the effects
def card_play(rng: random.Random) -> list[float]:
    """A soft swish of a card sliding onto the table, ending in a light thump."""
    dur = 0.42
    n = int(dur * RATE)
    swish = highpass(lowpass(noise(n, rng), lambda t: 600 + 5200 * math.sin(math.pi * min(1, t / 0.22))), 300)
    env = [math.sin(math.pi * min(1.0, (i / RATE) / 0.24)) ** 2 if i / RATE < 0.24 else 0.0 for i in range(n)]
    out = [s * e * 0.9 for s, e in zip(swish, env)]
    mix_into(out, drum_hit(0.2, 160, 80, rng, snap=0.25, decay=28.0), at=0.2, gain=0.55)
    return fade(normalise(out, 0.7))


def war_drum(rng: random.Random) -> list[float]:
    """Three blows on a war drum: boom, boom, BOOM."""
    out = silence(1.3)
    for at, gain in ((0.0, 0.6), (0.28, 0.6), (0.56, 1.0)):
        mix_into(out, drum_hit(0.7, 120, 55, rng, snap=0.6), at=at, gain=gain)
    return fade(normalise(out, 0.9), fade_out=0.08)


def brass_note(freq: float, length: float, rng: random.Random, vib: float = 5.5) -> list[float]:
    """A brass-like tone: odd-and-even harmonics that brighten as the note swells."""
    n = int(length * RATE)
    out, phase = [], 0.0
    a = int(0.05 * RATE)
    for i in range(n):
        t = i / RATE
        f = freq * (1 + 0.006 * math.sin(TAU * vib * t) * min(1.0, t / 0.2))
        phase += TAU * f / RATE
        env = min(1.0, i / a) * (1.0 if t < length - 0.12 else max(0.0, (length - t) / 0.12))
        bright = 0.35 + 0.65 * min(1.0, i / a)
        v = 0.0
        for h in range(1, 9):
            v += math.sin(h * phase) * (bright ** (h - 1)) / h
        out.append(v * env)
    return lowpass(out, 3200)


def city_captured(rng: random.Random) -> list[float]:
    """A short fanfare: a rising call, then a held major chord."""
    C4, E4, G4, C5 = 261.63, 329.63, 392.0, 523.25
    out = silence(1.45)
    for at, f in ((0.0, G4), (0.14, C5), (0.28, E4 * 2)):
        mix_into(out, brass_note(f, 0.16, rng), at=at, gain=0.95)
    for f in (C4, E4, G4, C5):
        mix_into(out, brass_note(f, 1.0, rng, vib=5.0 + f / 400), at=0.42, gain=0.32)
    mix_into(out, drum_hit(0.5, 110, 60, rng, snap=0.5), at=0.42, gain=0.5)
    return fade(normalise(out, 0.85), fade_out=0.1)


def fire(rng: random.Random) -> list[float]:
    """Crackling fire: a low roar with sharp random crackles."""
    dur = 1.25
    n = int(dur * RATE)
    roar = lowpass(noise(n, rng), 380)
    roar = [r * (0.8 + 0.2 * math.sin(TAU * 3.1 * i / RATE)) for i, r in enumerate(roar)]
    out = [r * 1.6 for r in roar]
    t = 0.02
    while t < dur - 0.05:
        length = rng.uniform(0.004, 0.02)
        m = int(length * RATE)
        burst = highpass(noise(m, rng), 1500)
        amp = rng.uniform(0.3, 1.0)
        crack = [b * amp * math.exp(-k / (m * 0.25)) for k, b in enumerate(burst)]
        mix_into(out, crack, at=t)
        t += rng.expovariate(28)
    env = [min(1.0, i / (0.08 * RATE)) for i in range(len(out))]
    return fade(normalise([o * e for o, e in zip(out, env)], 0.8), fade_out=0.25)


def click(rng: random.Random) -> list[float]:
    """A UI click: a short wooden tick."""
    n = int(0.05 * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        out.append(math.sin(TAU * 1400 * t) * math.exp(-t * 160) + 0.5 * math.sin(TAU * 2900 * t) * math.exp(-t * 260))
    tick = highpass(noise(int(0.004 * RATE), rng), 2000)
    mix_into(out, [v * 0.6 for v in tick])
    return fade(normalise(out, 0.6), fade_in=0.0005, fade_out=0.01)


SOUNDS = {"card_play": card_play, "war_drum": war_drum, "city_captured": city_captured,
          "fire": fire, "click": click}


def write_wav(path: Path, sig: list[float]) -> None:
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, int(v * 32767)))) for v in sig)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def main(argv: list[str]) -> int:
    out_dir = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parents[2] / "assets" / "sounds"
    out_dir.mkdir(parents=True, exist_ok=True)
    total = 0
    for i, (name, make) in enumerate(SOUNDS.items()):
        sig = make(random.Random(1000 + i))
        assert len(sig) / RATE < 1.5, (name, len(sig) / RATE)
        path = out_dir / f"{name}.wav"
        write_wav(path, sig)
        size = path.stat().st_size
        total += size
        print(f"{path.name}: {len(sig) / RATE:.2f} s, {size // 1024} KB")
    print(f"total {total // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
