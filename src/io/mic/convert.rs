//! Any sample rate and channel count to 16 kHz mono, as a stream.
//!
//! The recogniser wants 16 kHz mono; sound cards give 44.1 or 48 kHz,
//! often stereo, and files anything from 8 to 48 kHz. Dropping samples
//! would fold everything above 8 kHz back into the speech band (a 12 kHz
//! hiss at 48 kHz lands at 4 kHz), so every output sample is a
//! windowed-sinc interpolation of the input, with the cutoff below the
//! lower of the two Nyquist frequencies. The kernel is tabulated once
//! and interpolated, so that any ratio, not only a small fraction, costs
//! the same.

/// The output rate.
pub const RATE: u32 = 16_000;

/// Zero crossings of the sinc on each side: 16 gives more than 60 dB
/// of stop band with the Blackman window at a cost of about a hundred
/// multiplications per output sample from 48 kHz.
const ZEROS: f64 = 16.0;
/// Kernel table points per input sample; with linear interpolation
/// between them the table's own error stays below the 16-bit output's.
const STEPS: usize = 256;
/// The cutoff as a fraction of the lower Nyquist frequency: a little
/// room for the transition band, which is all above speech's 7 kHz.
const CUTOFF: f64 = 0.9;
/// Rates outside these bounds are not sound cards; they are clamped so
/// the kernel's size stays bounded whatever a device reports.
const MIN_RATE: u32 = 1_000;
const MAX_RATE: u32 = 768_000;

/// Streaming conversion of interleaved frames at any rate and channel
/// count to 16 kHz mono `i16`.
///
/// Channels are averaged; NaN and infinities become silence and
/// anything beyond full scale is clipped, so no input can make it panic
/// or produce garbage. A partial frame at the end of one call is kept
/// for the next, and so are the input samples the filter still needs.
///
/// ```
/// use annabella::io::mic::ToMono16k;
/// let mut conv = ToMono16k::new(48_000, 2);
/// let mut out = Vec::new();
/// conv.push_f32(&vec![0.0; 2 * 4_800], &mut out);
/// conv.flush(&mut out);
/// assert_eq!(out.len(), 1_600);
/// ```
#[derive(Clone, Debug)]
pub struct ToMono16k {
    rate: u32,
    channels: usize,
    /// The samples of a frame not yet complete.
    partial: Vec<f32>,
    /// Mono input from absolute index `base` on.
    history: Vec<f32>,
    base: u64,
    /// Mono input samples taken in so far.
    taken: u64,
    /// Output samples given out so far.
    given: u64,
    /// The kernel from 0 to `half` input samples, `STEPS` points each.
    kernel: Vec<f32>,
    /// Input samples on each side of an output sample's position.
    half: usize,
}

impl ToMono16k {
    /// A converter from `rate` Hz with `channels` interleaved channels.
    /// A rate of 0 or beyond reason is clamped; 0 channels count as one.
    pub fn new(rate: u32, channels: u16) -> Self {
        let rate = rate.clamp(MIN_RATE, MAX_RATE);
        let (kernel, half) = if rate == RATE {
            (Vec::new(), 0)
        } else {
            kernel(rate)
        };
        ToMono16k {
            rate,
            channels: usize::from(channels.max(1)),
            partial: Vec::new(),
            history: Vec::new(),
            base: 0,
            taken: 0,
            given: 0,
            kernel,
            half,
        }
    }

    /// Converts `interleaved` float samples (full scale ±1.0), appending
    /// what can be computed so far to `out`.
    pub fn push_f32(&mut self, interleaved: &[f32], out: &mut Vec<i16>) {
        self.push_with(interleaved, |s| s, out);
    }

    /// Converts `interleaved` 16-bit samples, appending what can be
    /// computed so far to `out`.
    pub fn push_i16(&mut self, interleaved: &[i16], out: &mut Vec<i16>) {
        self.push_with(interleaved, |s| f32::from(s) / 32_768.0, out);
    }

    /// Ends the input: the samples the filter waited for are computed
    /// as if silence followed, so that the output covers the input's
    /// whole duration. A partial frame is dropped. The converter may be
    /// used again afterwards, as for a new stream.
    pub fn flush(&mut self, out: &mut Vec<i16>) {
        let total = output_len(self.taken, self.rate);
        if self.half > 0 {
            let zeros = self.half + 1;
            self.history.extend(std::iter::repeat_n(0.0, zeros));
            while self.given < total {
                out.push(to_i16(self.output_at(self.given)));
                self.given += 1;
            }
        }
        *self = ToMono16k::new(self.rate, self.channels as u16);
    }

    fn push_with<T: Copy>(
        &mut self,
        interleaved: &[T],
        to_f32: impl Fn(T) -> f32,
        out: &mut Vec<i16>,
    ) {
        let mut rest = interleaved;
        // A frame begun in the last call is completed first.
        if !self.partial.is_empty() {
            let need = self.channels - self.partial.len();
            let (head, tail) = rest.split_at(need.min(rest.len()));
            self.partial.extend(head.iter().map(|&s| to_f32(s)));
            rest = tail;
            if self.partial.len() < self.channels {
                return;
            }
            let frame = std::mem::take(&mut self.partial);
            self.take(mono(&frame), out);
        }
        let mut frames = rest.chunks_exact(self.channels);
        for frame in &mut frames {
            let sum: f32 = frame.iter().map(|&s| clean(to_f32(s))).sum();
            self.take(sum / self.channels as f32, out);
        }
        self.partial
            .extend(frames.remainder().iter().map(|&s| to_f32(s)));
        self.compute(out);
    }

    /// One mono input sample in.
    fn take(&mut self, sample: f32, out: &mut Vec<i16>) {
        self.taken += 1;
        if self.half == 0 {
            out.push(to_i16(sample));
            self.given += 1;
        } else {
            self.history.push(sample);
        }
    }

    /// Every output sample whose filter window is complete, then the
    /// history no later output needs is dropped.
    fn compute(&mut self, out: &mut Vec<i16>) {
        if self.half == 0 {
            return;
        }
        let half = self.half as u64;
        loop {
            let (centre, _) = self.position(self.given);
            if centre + half >= self.taken {
                break;
            }
            out.push(to_i16(self.output_at(self.given)));
            self.given += 1;
        }
        let (centre, _) = self.position(self.given);
        let keep_from = (centre + 1).saturating_sub(half).max(self.base);
        let drop = ((keep_from - self.base) as usize).min(self.history.len());
        self.history.drain(..drop);
        self.base += drop as u64;
    }

    /// Output sample `n`'s position in the input: the sample at or before
    /// it and the fraction beyond.
    fn position(&self, n: u64) -> (u64, f32) {
        let num = u128::from(n) * u128::from(self.rate);
        let whole = (num / u128::from(RATE)) as u64;
        let frac = (num % u128::from(RATE)) as f32 / RATE as f32;
        (whole, frac)
    }

    fn output_at(&self, n: u64) -> f32 {
        let (centre, frac) = self.position(n);
        let half = self.half as u64;
        let first = (centre + 1).saturating_sub(half);
        let last = centre + half;
        let mut acc = 0.0f32;
        for k in first..=last {
            let x = k
                .checked_sub(self.base)
                .and_then(|i| self.history.get(i as usize))
                .copied()
                .unwrap_or(0.0);
            // Distance from the output's position, in input samples.
            let d = (centre as f32 + frac - k as f32).abs();
            acc += x * self.tap(d);
        }
        acc
    }

    fn tap(&self, distance: f32) -> f32 {
        let at = distance * STEPS as f32;
        let i = at as usize;
        let t = at - i as f32;
        match (self.kernel.get(i), self.kernel.get(i + 1)) {
            (Some(a), Some(b)) => a + (b - a) * t,
            (Some(a), None) => *a,
            _ => 0.0,
        }
    }
}

/// The kernel for `rate` and its half width in input samples.
fn kernel(rate: u32) -> (Vec<f32>, usize) {
    // Cycles per input sample where the pass band ends.
    let fc = 0.5 * CUTOFF * (f64::from(RATE) / f64::from(rate)).min(1.0);
    let half_width = ZEROS / (2.0 * fc);
    let half = half_width.ceil() as usize;
    let points = half * STEPS + 1;
    let table = (0..points)
        .map(|i| {
            let d = i as f64 / STEPS as f64;
            let x = 2.0 * fc * d;
            let sinc = if x == 0.0 {
                1.0
            } else {
                (std::f64::consts::PI * x).sin() / (std::f64::consts::PI * x)
            };
            let w = if d >= half_width {
                0.0
            } else {
                let p = std::f64::consts::PI * (d / half_width + 1.0);
                0.42 - 0.5 * p.cos() + 0.08 * (2.0 * p).cos()
            };
            (2.0 * fc * sinc * w) as f32
        })
        .collect();
    (table, half)
}

/// How many output samples `taken` input samples at `rate` make.
fn output_len(taken: u64, rate: u32) -> u64 {
    let num = u128::from(taken) * u128::from(RATE);
    num.div_ceil(u128::from(rate)) as u64
}

fn mono(frame: &[f32]) -> f32 {
    frame.iter().map(|&s| clean(s)).sum::<f32>() / frame.len().max(1) as f32
}

/// NaN and infinities are silence; the rest is clipped to full scale.
fn clean(s: f32) -> f32 {
    if s.is_finite() {
        s.clamp(-1.0, 1.0)
    } else {
        0.0
    }
}

/// The inverse of `push_i16`'s scaling, so that 16-bit input at 16 kHz
/// comes out unchanged.
fn to_i16(s: f32) -> i16 {
    let s = if s.is_finite() { s } else { 0.0 };
    (s * 32_768.0).round().clamp(-32_768.0, 32_767.0) as i16
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn sine(freq: f64, rate: u32, secs: f64, amp: f64) -> Vec<f32> {
        let n = (f64::from(rate) * secs) as usize;
        (0..n)
            .map(|i| {
                (amp * (2.0 * std::f64::consts::PI * freq * i as f64 / f64::from(rate)).sin())
                    as f32
            })
            .collect()
    }

    fn rms(s: &[i16]) -> f64 {
        let sum: f64 = s.iter().map(|&x| f64::from(x) * f64::from(x)).sum();
        (sum / s.len().max(1) as f64).sqrt() / 32_768.0
    }

    fn convert(rate: u32, channels: u16, input: &[f32], chunk: usize) -> Vec<i16> {
        let mut conv = ToMono16k::new(rate, channels);
        let mut out = Vec::new();
        for c in input.chunks(chunk.max(1)) {
            conv.push_f32(c, &mut out);
        }
        conv.flush(&mut out);
        out
    }

    #[test]
    fn a_tone_in_the_pass_band_keeps_its_level_at_every_rate() {
        for rate in [8_000, 11_025, 16_000, 22_050, 44_100, 48_000] {
            let out = convert(rate, 1, &sine(1_000.0, rate, 1.0, 0.5), 999);
            assert_eq!(out.len(), 16_000, "{rate}");
            let level = rms(&out[1_000..15_000]);
            let want = 0.5 / 2f64.sqrt();
            assert!((level - want).abs() < 0.01, "{rate}: {level}");
        }
    }

    #[test]
    fn tones_above_eight_kilohertz_do_not_alias_into_speech() {
        for (rate, freq) in [(22_050, 10_000.0), (44_100, 12_000.0), (48_000, 9_500.0)] {
            let out = convert(rate, 1, &sine(freq, rate, 1.0, 0.9), 4_096);
            let level = rms(&out[1_000..15_000]);
            // 60 dB down from a 0.9 tone.
            assert!(level < 0.9e-3, "{rate} Hz, {freq} Hz tone left {level}");
        }
    }

    #[test]
    fn chunking_does_not_change_the_output() {
        let input: Vec<f32> = sine(700.0, 44_100, 0.3, 0.7)
            .iter()
            .flat_map(|&s| [s, -s, s])
            .collect();
        let whole = convert(44_100, 3, &input, input.len());
        for chunk in [1, 2, 7, 441, 1_000] {
            assert_eq!(
                convert(44_100, 3, &input, chunk),
                whole,
                "chunks of {chunk}"
            );
        }
    }

    #[test]
    fn channels_are_averaged_and_i16_is_full_scale() {
        let mut conv = ToMono16k::new(16_000, 2);
        let mut out = Vec::new();
        conv.push_i16(&[16_384, 0, -32_768, -32_768, 32_767], &mut out);
        assert_eq!(out, [8_192, -32_768]);
        conv.push_i16(&[32_767], &mut out);
        assert_eq!(out, [8_192, -32_768, 32_767]);
    }

    #[test]
    fn nan_infinity_and_clipping_are_tamed() {
        let mut conv = ToMono16k::new(16_000, 1);
        let mut out = Vec::new();
        conv.push_f32(
            &[f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 1e9, -1e9],
            &mut out,
        );
        assert_eq!(out, [0, 0, 0, 32_767, -32_768]);
    }

    proptest! {
        #[test]
        fn any_frames_convert_without_panic_to_the_right_length(
            rate in 8_000u32..=48_000,
            channels in 1u16..=8,
            chunks in prop::collection::vec(
                prop::collection::vec(
                    prop_oneof![
                        Just(0.0f32), Just(f32::NAN), Just(f32::INFINITY),
                        Just(f32::NEG_INFINITY), Just(1e9f32), Just(-1e9f32),
                        -1.5f32..1.5,
                    ],
                    0..300,
                ),
                0..6,
            ),
        ) {
            let mut conv = ToMono16k::new(rate, channels);
            let mut out = Vec::new();
            let mut samples = 0usize;
            for c in &chunks {
                conv.push_f32(c, &mut out);
                samples += c.len();
            }
            conv.flush(&mut out);
            let frames = (samples / usize::from(channels)) as u64;
            prop_assert_eq!(out.len() as u64, output_len(frames, rate));
        }
    }
}
