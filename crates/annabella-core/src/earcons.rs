//! Sound cues ("earcons"), synthesised from sine tones: pure functions
//! from a cue and a sample rate to mono samples. No audio device here;
//! the `annabella` package's `io::audio` plays them.
//!
//! Every cue is at most 250 ms long and has its own dominant pitch and
//! rhythm, so that a player can tell them apart without looking: a
//! single high blip for a move, a falling pair for a capture, a sharp
//! double knock for check, a rising triad for castling, a low buzz for
//! input that was refused, a soft double tick for a review's progress
//! and a rising pair when it is done.

use std::f32::consts::TAU;

/// A sound cue.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    /// A move was played.
    Move,
    /// A move captured a piece.
    Capture,
    /// A move gave check (or mate).
    Check,
    /// Castling.
    Castling,
    /// Input was refused or not understood.
    Illegal,
    /// The game ended.
    GameEnd,
    /// Little time is left on the clock.
    LowTime,
    /// A drill answer was right.
    DrillRight,
    /// A drill answer was wrong.
    DrillWrong,
    /// A review has come a quarter further: soft, so that it does not
    /// call for attention.
    Progress,
    /// A review is done: its summary follows.
    Reviewed,
}

impl Cue {
    /// Every cue.
    pub const ALL: [Cue; 11] = [
        Cue::Move,
        Cue::Capture,
        Cue::Check,
        Cue::Castling,
        Cue::Illegal,
        Cue::GameEnd,
        Cue::LowTime,
        Cue::DrillRight,
        Cue::DrillWrong,
        Cue::Progress,
        Cue::Reviewed,
    ];

    /// The longest a cue may be, in seconds.
    pub const MAX_SECONDS: f32 = 0.25;

    /// The notes of the cue: frequency in Hz (0 for a pause), length in
    /// milliseconds, loudness 0–1, and the share of the third harmonic
    /// (a buzz for the refusal).
    fn notes(self) -> Vec<Note> {
        const fn n(freq: f32, ms: u32, gain: f32) -> Note {
            Note {
                freq,
                ms,
                gain,
                third: 0.0,
            }
        }
        match self {
            Cue::Move => vec![n(880.0, 70, 0.6)],
            Cue::Capture => vec![n(440.0, 50, 0.5), n(330.0, 110, 0.8)],
            Cue::Check => vec![n(1320.0, 60, 0.8), n(0.0, 40, 0.0), n(1320.0, 60, 0.8)],
            Cue::Castling => vec![n(523.0, 55, 0.5), n(659.0, 55, 0.5), n(784.0, 110, 0.7)],
            Cue::Illegal => vec![Note {
                freq: 150.0,
                ms: 180,
                gain: 0.8,
                third: 0.35,
            }],
            Cue::GameEnd => vec![n(784.0, 60, 0.5), n(659.0, 60, 0.5), n(523.0, 120, 0.8)],
            Cue::LowTime => vec![
                n(1760.0, 40, 0.7),
                n(0.0, 35, 0.0),
                n(1760.0, 40, 0.7),
                n(0.0, 35, 0.0),
                n(1760.0, 40, 0.7),
            ],
            Cue::DrillRight => vec![n(1047.0, 60, 0.5), n(1568.0, 120, 0.7)],
            Cue::DrillWrong => vec![n(311.0, 70, 0.5), n(233.0, 150, 0.8)],
            Cue::Progress => vec![n(392.0, 60, 0.6), n(0.0, 50, 0.0), n(392.0, 60, 0.6)],
            Cue::Reviewed => vec![n(523.0, 60, 0.4), n(659.0, 150, 0.8)],
        }
    }
}

#[derive(Copy, Clone, Debug)]
struct Note {
    freq: f32,
    ms: u32,
    gain: f32,
    third: f32,
}

/// Attack and release of every note, in seconds: long enough to avoid
/// clicks, short enough to keep the rhythm crisp.
const ATTACK: f32 = 0.004;
const RELEASE: f32 = 0.020;

/// Synthesises `cue` as mono samples in -1..=1 at `sample_rate` Hz.
///
/// ```
/// use annabella_core::earcons::{Cue, synthesize};
/// let samples = synthesize(Cue::Move, 44_100);
/// assert!(samples.len() <= 44_100 / 4);
/// assert!(samples.iter().all(|s| s.abs() <= 1.0));
/// ```
pub fn synthesize(cue: Cue, sample_rate: u32) -> Vec<f32> {
    let rate = sample_rate.max(1) as f32;
    let mut out = Vec::new();
    for note in &cue.notes() {
        let len = (note.ms as f32 / 1000.0 * rate) as usize;
        let seconds = len as f32 / rate;
        for i in 0..len {
            let t = i as f32 / rate;
            if note.freq <= 0.0 {
                out.push(0.0);
                continue;
            }
            let envelope = (t / ATTACK).min(1.0) * ((seconds - t) / RELEASE).clamp(0.0, 1.0);
            let phase = TAU * note.freq * t;
            let wave = (1.0 - note.third) * phase.sin() + note.third * (3.0 * phase).sin();
            out.push(note.gain * envelope * wave);
        }
    }
    out
}

/// Measurements of a cue, for tests and for choosing cues by ear.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Measure {
    /// Length in seconds.
    pub seconds: f32,
    /// Largest absolute sample.
    pub peak: f32,
    /// Root mean square of the samples.
    pub rms: f32,
    /// The frequency with the most energy, in Hz (searched from 50 Hz to
    /// 4 kHz in 5 Hz steps).
    pub dominant: f32,
}

/// Measures mono `samples` at `sample_rate` Hz.
pub fn measure(samples: &[f32], sample_rate: u32) -> Measure {
    let rate = sample_rate.max(1) as f32;
    let peak = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    let rms = if samples.is_empty() {
        0.0
    } else {
        (samples.iter().map(|s| s * s).sum::<f32>() / samples.len() as f32).sqrt()
    };
    let mut dominant = 0.0;
    let mut best = 0.0;
    let mut freq = 50.0;
    while freq <= 4000.0 {
        let power = goertzel(samples, rate, freq);
        if power > best {
            best = power;
            dominant = freq;
        }
        freq += 5.0;
    }
    Measure {
        seconds: samples.len() as f32 / rate,
        peak,
        rms,
        dominant,
    }
}

/// Energy of `samples` at one frequency (the Goertzel algorithm).
fn goertzel(samples: &[f32], rate: f32, freq: f32) -> f32 {
    let coeff = 2.0 * (TAU * freq / rate).cos();
    let (mut s1, mut s2) = (0.0f32, 0.0f32);
    for &x in samples {
        let s0 = x + coeff * s1 - s2;
        s2 = s1;
        s1 = s0;
    }
    s1 * s1 + s2 * s2 - coeff * s1 * s2
}

#[cfg(test)]
mod tests {
    use super::*;

    const RATE: u32 = 44_100;

    fn measured() -> Vec<(Cue, Measure)> {
        Cue::ALL
            .iter()
            .map(|&cue| (cue, measure(&synthesize(cue, RATE), RATE)))
            .collect()
    }

    #[test]
    fn every_cue_is_short_audible_and_not_clipped() {
        for (cue, m) in measured() {
            eprintln!(
                "{cue:?}: {:.0} ms, peak {:.2}, RMS {:.2}, dominant {} Hz",
                m.seconds * 1000.0,
                m.peak,
                m.rms,
                m.dominant
            );
            assert!(m.seconds > 0.05, "{cue:?} too short: {m:?}");
            assert!(m.seconds <= Cue::MAX_SECONDS, "{cue:?} too long: {m:?}");
            assert!(m.peak <= 1.0, "{cue:?} clips: {m:?}");
            assert!(m.peak >= 0.4, "{cue:?} too quiet: {m:?}");
            assert!(m.rms >= 0.15 && m.rms < m.peak, "{cue:?} rms: {m:?}");
        }
    }

    #[test]
    fn dominant_frequencies_are_the_designed_pitches() {
        let expected = [
            (Cue::Move, 880.0),
            (Cue::Capture, 330.0),
            (Cue::Check, 1320.0),
            (Cue::Castling, 784.0),
            (Cue::Illegal, 150.0),
            (Cue::GameEnd, 523.0),
            (Cue::LowTime, 1760.0),
            (Cue::DrillRight, 1568.0),
            (Cue::DrillWrong, 233.0),
            (Cue::Progress, 392.0),
            (Cue::Reviewed, 659.0),
        ];
        let all = measured();
        for (cue, freq) in expected {
            let m = all.iter().find(|(c, _)| *c == cue).map(|(_, m)| *m);
            let m = m.expect("every cue measured");
            assert!(
                (m.dominant - freq).abs() <= 10.0,
                "{cue:?}: dominant {} Hz, designed {freq} Hz",
                m.dominant
            );
        }
    }

    #[test]
    fn every_pair_of_cues_differs_measurably() {
        let all = measured();
        for (i, (a, ma)) in all.iter().enumerate() {
            for (b, mb) in &all[i + 1..] {
                // A tenth of the lower pitch apart: over a semitone and a
                // half, which no listener confuses.
                let apart = (ma.dominant - mb.dominant).abs() / ma.dominant.min(mb.dominant);
                assert!(
                    apart >= 0.1,
                    "{a:?} ({} Hz) and {b:?} ({} Hz) are too alike",
                    ma.dominant,
                    mb.dominant
                );
            }
        }
    }

    #[test]
    fn other_sample_rates_keep_length_and_pitch() {
        for rate in [22_050, 48_000] {
            for cue in Cue::ALL {
                let a = measure(&synthesize(cue, RATE), RATE);
                let b = measure(&synthesize(cue, rate), rate);
                assert!((a.seconds - b.seconds).abs() < 0.002, "{cue:?} at {rate}");
                assert!((a.dominant - b.dominant).abs() <= 10.0, "{cue:?} at {rate}");
            }
        }
    }

    #[test]
    fn a_zero_sample_rate_does_not_panic() {
        for cue in Cue::ALL {
            let _ = measure(&synthesize(cue, 0), 0);
        }
    }
}
