//! Voice-activity detection: where in 16 kHz mono audio an utterance
//! begins and ends.
//!
//! Energy against an adaptive noise floor, with hysteresis, a minimum
//! length and a hangover. Every 10 ms frame's energy is measured after
//! a two-pole 300 Hz high-pass (hum and rumble carry energy but no
//! words; with 150 Hz, brown noise kept utterances open for seconds); the
//! noise floor is the lowest frame energy of the last two seconds
//! ("minimum statistics"), so a steady fan or hiss becomes the floor
//! within two seconds and never starts an utterance, while the pauses
//! between words keep the floor down during speech. An utterance starts
//! when frames 12 dB above the floor add up to `min_speech_ms` (a click
//! or a short knock does not), stays open while frames are 7 dB above
//! it, and ends `hangover_ms` after the last such frame.
//!
//! Why energy rather than a VAD crate: there is none among the
//! dependencies, the recogniser behind this rejects what is not a chess
//! line anyway (so a false start costs a "Not understood", not a move),
//! and measured on synthetic chess phrases it already finds every phrase
//! once, at the right place:
//!
//! `tests/system/mic.rs` (figures printed with `--nocapture`; the noise
//! is sox's, repeatable): 5 English and 5 German chess phrases
//! ("knight foxtrot three", "Springer Felix drei", "kurze Rochade", "ja"
//! ...) by espeak-ng at 120, 175 and 250 words a minute, with 0.7 to
//! 1.45 s of silence between; the true edges are the first and last
//! 10 ms above -50 dBFS in the clean phrase. Largest edge errors in ms
//! (onset, end), and phrases found as exactly one utterance:
//!
//! | condition        | one each | extra | onset ms | end ms |
//! |------------------|----------|-------|----------|--------|
//! | clean            | 30/30    | 0     | ≤ 9      | ≤ 9    |
//! | pink noise 20 dB | 30/30    | 0     | ≤ 28     | ≤ 74   |
//! | brown noise 15 dB| 30/30    | 0     | ≤ 10     | ≤ 11   |
//! | pink noise 15 dB | 26/30    | 0     | ≤ 680    | ≤ 89   |
//!
//! In noise the edges that move are soft sounds under the noise (a
//! first "n" or "k", a last "s"), found late or early by less than the
//! preroll and the hangover, so the recogniser still receives them. At
//! 15 dB pink noise four phrases are split at a word gap ("bishop |
//! charlie") or lose a drowned first word: with a 300 ms hangover all
//! 30 are whole, which is what [`Vad::set_hangover_ms`] is for while the
//! words so far are not yet a phrase; the default stays at 180 ms for
//! the 250 ms read-back target. Steady pink or brown noise alone, and
//! sounds shorter than `min_speech_ms`, start nothing.

use std::collections::VecDeque;

/// Samples in one analysis frame: 10 ms at 16 kHz.
const FRAME: usize = 160;
/// Frames of silence an onset may contain before it is given up: the
/// closure of a plosive after a fricative ("Springer", "Sp") is up to
/// about 100 ms; with less, the onset was found only at the vowel.
const ONSET_GAP: u32 = 10;
/// The energy of digital silence, so that the logarithm stays finite.
const SILENCE_DB: f32 = -100.0;

/// How the detector decides. Times are in milliseconds of 16 kHz audio.
#[derive(Clone, Debug, PartialEq)]
pub struct VadConfig {
    /// Silence after the last speech frame before the utterance ends.
    pub hangover_ms: u32,
    /// Audio kept from before the first speech frame, so that a soft
    /// onset ("f", "h") reaches the recogniser.
    pub preroll_ms: u32,
    /// Speech needed before an utterance starts: shorter sounds (a click,
    /// a knock, a short cough) are not utterances.
    pub min_speech_ms: u32,
    /// An utterance longer than this is ended (and a new one may start).
    pub max_utterance_ms: u32,
    /// Decibels above the noise floor for a frame to start speech.
    pub start_db: f32,
    /// Decibels above the noise floor for a frame to continue speech.
    pub keep_db: f32,
    /// Frames quieter than this (dB below full scale) are never speech,
    /// however quiet the room.
    pub min_level_db: f32,
    /// How far back the noise floor looks.
    pub noise_window_ms: u32,
    /// Which percentile of the window's frame energies is the floor
    /// (0: the quietest frame).
    pub floor_percentile: u8,
    /// The corner of the two-pole high-pass before the energy is
    /// measured: rumble and hum below it carry no words.
    pub highpass_hz: u32,
}

impl Default for VadConfig {
    /// Tuned on synthetic chess phrases (see the module's figures): the
    /// hangover bridges the gaps between words at 120 words a minute
    /// while leaving time for recognition within 250 ms of the end.
    fn default() -> Self {
        VadConfig {
            hangover_ms: 180,
            preroll_ms: 250,
            min_speech_ms: 120,
            max_utterance_ms: 8_000,
            start_db: 12.0,
            keep_db: 7.0,
            min_level_db: -55.0,
            noise_window_ms: 2_000,
            floor_percentile: 0,
            highpass_hz: 300,
        }
    }
}

/// What the detector found in the samples pushed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VadEvent {
    /// An utterance begins.
    Start {
        /// The sample index (counted from the first sample pushed) where
        /// the utterance, preroll included, begins.
        at: u64,
        /// The sample index of the first frame judged speech.
        onset: u64,
        /// The samples from `at` to the present; what follows comes as
        /// [`VadEvent::Audio`].
        preroll: Vec<i16>,
    },
    /// More samples of the open utterance, hangover included.
    Audio(Vec<i16>),
    /// The utterance has ended.
    End {
        /// The sample index just after the last frame judged speech:
        /// the end of speech, not of the hangover.
        at: u64,
    },
}

/// One utterance of a whole recording.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Utterance {
    /// The sample index of its first sample, preroll included.
    pub start: u64,
    /// The sample index of the first frame judged speech.
    pub onset: u64,
    /// The sample index just after the last frame judged speech.
    pub end: u64,
    /// Its samples from `start`, preroll and hangover included.
    pub samples: Vec<i16>,
}

/// Every utterance in `samples` (16 kHz mono), in order.
pub fn utterances(samples: &[i16], cfg: &VadConfig) -> Vec<Utterance> {
    let mut vad = Vad::new(cfg.clone());
    let mut events = Vec::new();
    for chunk in samples.chunks(FRAME * 8) {
        vad.push(chunk, &mut events);
    }
    vad.finish(&mut events);
    let mut found = Vec::new();
    let mut open: Option<Utterance> = None;
    for event in events {
        match event {
            VadEvent::Start { at, onset, preroll } => {
                open = Some(Utterance {
                    start: at,
                    onset,
                    end: onset,
                    samples: preroll,
                });
            }
            VadEvent::Audio(more) => {
                if let Some(u) = &mut open {
                    u.samples.extend(more);
                }
            }
            VadEvent::End { at } => {
                if let Some(mut u) = open.take() {
                    u.end = at;
                    found.push(u);
                }
            }
        }
    }
    found
}

#[derive(Clone, Debug)]
enum State {
    Quiet,
    /// Speech may be starting at `first`; `speech` frames so far, the
    /// last `gap` frames not speech.
    Onset {
        first: u64,
        speech: u32,
        gap: u32,
    },
    /// An utterance is open since `start`; speech was last heard up to
    /// `last`.
    Speaking {
        start: u64,
        last: u64,
    },
}

/// The detector: push 16 kHz mono samples, get [`VadEvent`]s.
///
/// Events are well formed whatever the input: `Start` and `End`
/// alternate (only [`Vad::reset`] drops an open utterance without an
/// `End`), `Audio` comes only between them, and `End`'s index is not
/// before its `Start`'s.
#[derive(Clone, Debug)]
pub struct Vad {
    cfg: VadConfig,
    state: State,
    /// The hangover of the utterance under way, in samples.
    hangover: u64,
    /// Index of the next sample to be judged (a frame's first).
    pos: u64,
    /// Samples of the frame being filled.
    frame: Vec<i16>,
    /// Judged samples kept for the preroll while no utterance is open,
    /// from index `pos - recent.len()`.
    recent: VecDeque<i16>,
    /// The last frames' energies, for the noise floor.
    energies: VecDeque<f32>,
    /// High-pass filter memory: each stage's last input and output.
    hp: [(f32, f32); 2],
    /// The high-pass's pole.
    pole: f32,
}

impl Vad {
    /// A detector with nothing heard yet.
    pub fn new(cfg: VadConfig) -> Self {
        Vad {
            hangover: ms_to_samples(cfg.hangover_ms),
            state: State::Quiet,
            pos: 0,
            frame: Vec::with_capacity(FRAME),
            recent: VecDeque::new(),
            energies: VecDeque::new(),
            hp: [(0.0, 0.0); 2],
            pole: pole(cfg.highpass_hz),
            cfg,
        }
    }

    /// Judges `samples`, appending what was found to `out`.
    pub fn push(&mut self, samples: &[i16], out: &mut Vec<VadEvent>) {
        let mut audio = Vec::new();
        let mut rest = samples;
        while !rest.is_empty() {
            let take = (FRAME - self.frame.len()).min(rest.len());
            self.frame.extend_from_slice(&rest[..take]);
            rest = &rest[take..];
            if self.frame.len() == FRAME {
                let frame = std::mem::take(&mut self.frame);
                self.judge(&frame, &mut audio, out);
                self.frame = frame;
                self.frame.clear();
            }
        }
        flush_audio(&mut audio, out);
    }

    /// Sets the hangover of the utterance under way, such as longer while
    /// the words so far are not a whole phrase. The next utterance starts
    /// with the configured one again; with none under way, nothing changes.
    pub fn set_hangover_ms(&mut self, ms: u32) {
        if matches!(self.state, State::Speaking { .. }) {
            self.hangover = ms_to_samples(ms);
        }
    }

    /// Drops the utterance under way, and the audio kept for a preroll,
    /// without an `End`: for while annabella's own voice is playing. The
    /// noise floor is kept; it describes the room.
    pub fn reset(&mut self) {
        self.state = State::Quiet;
        self.recent.clear();
        self.pos += self.frame.len() as u64;
        self.frame.clear();
        self.hangover = ms_to_samples(self.cfg.hangover_ms);
    }

    /// The end of the input: an open utterance ends, with the samples of
    /// an unfinished frame as part of its hangover.
    pub fn finish(&mut self, out: &mut Vec<VadEvent>) {
        let partial = std::mem::take(&mut self.frame);
        self.pos += partial.len() as u64;
        if let State::Speaking { last, .. } = self.state {
            if !partial.is_empty() {
                out.push(VadEvent::Audio(partial));
            }
            out.push(VadEvent::End { at: last });
        }
        self.state = State::Quiet;
        self.recent.clear();
        self.hangover = ms_to_samples(self.cfg.hangover_ms);
    }

    /// One whole frame: measured, judged, and the state moved on.
    fn judge(&mut self, frame: &[i16], audio: &mut Vec<i16>, out: &mut Vec<VadEvent>) {
        let energy = self.energy(frame);
        let floor = self.floor(energy);
        let level = |above: f32| energy >= floor + above && energy >= self.cfg.min_level_db;
        let start = self.pos;
        self.pos += FRAME as u64;
        match self.state {
            State::Quiet => {
                if level(self.cfg.start_db) {
                    self.state = State::Onset {
                        first: start,
                        speech: 1,
                        gap: 0,
                    };
                }
            }
            State::Onset { first, speech, gap } => {
                self.state = if level(self.cfg.start_db) {
                    State::Onset {
                        first,
                        speech: speech + 1,
                        gap: 0,
                    }
                } else if gap < ONSET_GAP {
                    State::Onset {
                        first,
                        speech,
                        gap: gap + 1,
                    }
                } else {
                    State::Quiet
                };
            }
            State::Speaking { start: began, last } => {
                let last = if level(self.cfg.keep_db) {
                    self.pos
                } else {
                    last
                };
                audio.extend_from_slice(frame);
                self.state = State::Speaking { start: began, last };
                let long = self.pos - began >= ms_to_samples(self.cfg.max_utterance_ms);
                if self.pos - last >= self.hangover || long {
                    flush_audio(audio, out);
                    out.push(VadEvent::End { at: last });
                    self.state = State::Quiet;
                    self.hangover = ms_to_samples(self.cfg.hangover_ms);
                }
                return;
            }
        }
        self.keep_recent(frame);
        self.maybe_start(out);
    }

    /// Opens the utterance once an onset has enough speech in it.
    fn maybe_start(&mut self, out: &mut Vec<VadEvent>) {
        let State::Onset { first, speech, .. } = self.state else {
            return;
        };
        if u64::from(speech) * FRAME as u64 >= ms_to_samples(self.cfg.min_speech_ms) {
            let kept_from = self.pos - self.recent.len() as u64;
            let at = first
                .saturating_sub(ms_to_samples(self.cfg.preroll_ms))
                .max(kept_from);
            let skip = (at - kept_from) as usize;
            let preroll = self.recent.iter().skip(skip).copied().collect();
            self.recent.clear();
            self.hangover = ms_to_samples(self.cfg.hangover_ms);
            out.push(VadEvent::Start {
                at,
                onset: first,
                preroll,
            });
            self.state = State::Speaking {
                start: at,
                last: self.pos,
            };
        }
    }

    /// Keeps the preroll, and an onset, for when an utterance starts.
    fn keep_recent(&mut self, frame: &[i16]) {
        self.recent.extend(frame.iter().copied());
        let onset = match self.state {
            State::Onset { first, .. } => self.pos - first,
            _ => 0,
        };
        let keep = ms_to_samples(self.cfg.preroll_ms) + onset;
        while self.recent.len() as u64 > keep {
            self.recent.pop_front();
        }
    }

    /// The frame's energy in dB below full scale, after the high-pass.
    fn energy(&mut self, frame: &[i16]) -> f32 {
        let a = self.pole;
        let mut sum = 0.0f64;
        for &s in frame {
            // Two one-pole stages: y[n] = x[n] - x[n-1] + a y[n-1].
            let mut x = f32::from(s) / 32_768.0;
            for (x1, y1) in &mut self.hp {
                let y = x - *x1 + a * *y1;
                (*x1, *y1) = (x, y);
                x = y;
            }
            sum += f64::from(x) * f64::from(x);
        }
        let mean = sum / frame.len().max(1) as f64;
        if mean > 0.0 {
            ((10.0 * mean.log10()) as f32).max(SILENCE_DB)
        } else {
            SILENCE_DB
        }
    }

    /// The noise floor with this frame's energy taken in.
    fn floor(&mut self, energy: f32) -> f32 {
        let window = (self.cfg.noise_window_ms / 10).max(1) as usize;
        self.energies.push_back(energy);
        while self.energies.len() > window {
            self.energies.pop_front();
        }
        if self.cfg.floor_percentile == 0 {
            return self.energies.iter().copied().fold(f32::INFINITY, f32::min);
        }
        let mut sorted: Vec<f32> = self.energies.iter().copied().collect();
        sorted.sort_by(f32::total_cmp);
        let p = usize::from(self.cfg.floor_percentile.min(100));
        sorted[(sorted.len() - 1) * p / 100]
    }
}

/// The pole of a one-pole high-pass with its corner at `hz`.
fn pole(hz: u32) -> f32 {
    let w = 2.0 * std::f32::consts::PI * hz.min(7_000) as f32 / 16_000.0;
    (-w).exp()
}

fn flush_audio(audio: &mut Vec<i16>, out: &mut Vec<VadEvent>) {
    if !audio.is_empty() {
        out.push(VadEvent::Audio(std::mem::take(audio)));
    }
}

fn ms_to_samples(ms: u32) -> u64 {
    u64::from(ms) * 16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::mic::ToMono16k;
    use proptest::prelude::*;

    /// A deterministic noise source: xorshift, roughly uniform.
    struct Noise(u64);

    impl Noise {
        fn next(&mut self) -> f32 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 >> 40) as f32 / (1u64 << 23) as f32 - 1.0
        }
    }

    /// `ms` of a vowel-like buzz (harmonics of 150 Hz) at `amp`.
    fn voice(ms: u32, amp: f32) -> Vec<i16> {
        (0..ms * 16)
            .map(|i| {
                let t = i as f32 / 16_000.0;
                let s: f32 = (1..=12)
                    .map(|h| (2.0 * std::f32::consts::PI * 150.0 * h as f32 * t).sin() / h as f32)
                    .sum();
                (s * amp * 32_767.0 / 2.0) as i16
            })
            .collect()
    }

    fn noise(ms: u32, amp: f32, seed: u64) -> Vec<i16> {
        let mut n = Noise(seed);
        (0..ms * 16)
            .map(|_| (n.next() * amp * 32_767.0) as i16)
            .collect()
    }

    fn mix(a: &[i16], b: &[i16]) -> Vec<i16> {
        a.iter()
            .zip(b)
            .map(|(&x, &y)| x.saturating_add(y))
            .collect()
    }

    fn cat(parts: &[Vec<i16>]) -> Vec<i16> {
        parts.concat()
    }

    #[test]
    fn a_word_in_silence_is_one_utterance_at_its_place() {
        let audio = cat(&[vec![0; 16_000], voice(400, 0.3), vec![0; 16_000]]);
        let found = utterances(&audio, &VadConfig::default());
        assert_eq!(found.len(), 1);
        let u = &found[0];
        assert_eq!(u.onset, 16_000);
        assert_eq!(u.start, 16_000 - 250 * 16);
        // The high-pass filter's tail may keep one more frame.
        assert!(
            (16_000 + 400 * 16..=16_000 + 410 * 16).contains(&u.end),
            "{}",
            u.end
        );
        let len = u.samples.len() as u64;
        assert_eq!(u.start + len, u.end + 180 * 16);
    }

    #[test]
    fn steady_noise_never_starts_an_utterance() {
        for amp in [0.001, 0.05, 0.5] {
            let found = utterances(&noise(10_000, amp, 7), &VadConfig::default());
            assert!(found.is_empty(), "noise at {amp}: {found:?}");
            let hum: Vec<i16> = (0..160_000)
                .map(|i| ((i as f32 * 0.0393).sin() * amp * 32_767.0) as i16)
                .collect();
            assert!(utterances(&hum, &VadConfig::default()).is_empty());
        }
    }

    #[test]
    fn a_word_in_noise_is_found_and_a_click_is_not() {
        let bed = noise(4_000, 0.02, 3);
        let mut speech = vec![0; 1_500 * 16];
        speech.extend(voice(500, 0.3));
        speech.extend(vec![0; 500 * 16]);
        // A click of 60 ms, well under the minimum speech.
        speech.extend(voice(60, 0.8));
        speech.resize(bed.len(), 0);
        let found = utterances(&mix(&bed, &speech), &VadConfig::default());
        assert_eq!(
            found.len(),
            1,
            "{:?}",
            found.iter().map(|u| (u.onset, u.end)).collect::<Vec<_>>()
        );
        let u = &found[0];
        assert!(u.onset.abs_diff(24_000) <= 800, "onset {}", u.onset);
        assert!(u.end.abs_diff(32_000) <= 800, "end {}", u.end);
    }

    #[test]
    fn a_pause_shorter_than_the_hangover_does_not_split() {
        let audio = cat(&[
            vec![0; 8_000],
            voice(300, 0.3),
            vec![0; 150 * 16],
            voice(300, 0.3),
            vec![0; 8_000],
        ]);
        assert_eq!(utterances(&audio, &VadConfig::default()).len(), 1);
        let split = VadConfig {
            hangover_ms: 100,
            ..VadConfig::default()
        };
        assert_eq!(utterances(&audio, &split).len(), 2);
    }

    #[test]
    fn a_longer_hangover_set_during_speech_bridges_a_longer_pause() {
        let first = cat(&[vec![0; 8_000], voice(300, 0.3)]);
        let second = cat(&[vec![0; 400 * 16], voice(300, 0.3), vec![0; 16_000]]);
        let mut vad = Vad::new(VadConfig::default());
        let mut events = Vec::new();
        vad.push(&first, &mut events);
        vad.set_hangover_ms(600);
        vad.push(&second, &mut events);
        let ends = events
            .iter()
            .filter(|e| matches!(e, VadEvent::End { .. }))
            .count();
        assert_eq!(ends, 1);
    }

    #[test]
    fn reset_drops_the_utterance_under_way() {
        let mut vad = Vad::new(VadConfig::default());
        let mut events = Vec::new();
        vad.push(&cat(&[vec![0; 8_000], voice(300, 0.3)]), &mut events);
        assert!(matches!(events[0], VadEvent::Start { .. }));
        vad.reset();
        events.clear();
        vad.push(&vec![0; 8_000], &mut events);
        vad.finish(&mut events);
        assert!(events.is_empty(), "{events:?}");
    }

    #[test]
    fn the_end_of_input_closes_an_open_utterance() {
        let mut vad = Vad::new(VadConfig::default());
        let mut events = Vec::new();
        vad.push(&cat(&[vec![0; 8_000], voice(301, 0.3)]), &mut events);
        vad.finish(&mut events);
        assert_eq!(
            events.last(),
            Some(&VadEvent::End {
                at: 8_000 + 300 * 16
            })
        );
    }

    #[test]
    fn an_utterance_longer_than_the_maximum_is_cut() {
        let audio = cat(&[vec![0; 8_000], voice(1_500, 0.3), vec![0; 8_000]]);
        let cfg = VadConfig {
            max_utterance_ms: 1_000,
            ..VadConfig::default()
        };
        let found = utterances(&audio, &cfg);
        assert_eq!(found.len(), 2);
        assert!(found[0].samples.len() <= 16_000);
    }

    /// Events are well formed: Start and End alternate, Audio only
    /// between them, End not before Start, and the samples add up.
    fn check(events: &[VadEvent]) -> Result<(), TestCaseError> {
        let mut open: Option<(u64, u64)> = None;
        for e in events {
            match e {
                VadEvent::Start { at, onset, preroll } => {
                    prop_assert!(open.is_none());
                    prop_assert!(onset >= at);
                    open = Some((*at, *at + preroll.len() as u64));
                }
                VadEvent::Audio(more) => {
                    let Some((at, next)) = open else {
                        return Err(TestCaseError::fail("audio outside an utterance"));
                    };
                    open = Some((at, next + more.len() as u64));
                }
                VadEvent::End { at: end } => {
                    let Some((at, next)) = open.take() else {
                        return Err(TestCaseError::fail("end without a start"));
                    };
                    prop_assert!(*end >= at && *end <= next);
                }
            }
        }
        prop_assert!(open.is_none());
        Ok(())
    }

    proptest! {
        #[test]
        fn any_frames_give_well_formed_events(
            rate in 8_000u32..=48_000,
            channels in 1u16..=8,
            chunks in prop::collection::vec(
                (
                    prop_oneof![
                        Just(0.0f32), Just(f32::NAN), Just(f32::INFINITY),
                        Just(f32::NEG_INFINITY), Just(1e9f32), Just(-1e9f32),
                        -1.0f32..1.0, Just(0.001f32),
                    ],
                    0usize..5_000,
                    any::<bool>(),
                ),
                0..24,
            ),
            hangover in 0u32..1_000,
        ) {
            let mut conv = ToMono16k::new(rate, channels);
            let mut vad = Vad::new(VadConfig { min_speech_ms: 20, ..VadConfig::default() });
            let mut events = Vec::new();
            let mut mono = Vec::new();
            for (i, (value, len, alternate)) in chunks.iter().enumerate() {
                let frames: Vec<f32> = (0..*len)
                    .map(|k| if *alternate && k % 2 == 1 { -value } else { *value })
                    .collect();
                mono.clear();
                conv.push_f32(&frames, &mut mono);
                vad.push(&mono, &mut events);
                if i % 5 == 3 {
                    vad.set_hangover_ms(hangover);
                }
            }
            vad.finish(&mut events);
            check(&events)?;
        }
    }
}
