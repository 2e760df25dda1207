//! Whisper's input: the log-mel spectrogram of 16 kHz mono audio,
//! computed as faster-whisper 1.2.1's `FeatureExtractor()(waveform)`
//! computes it with its default padding, because the weights were
//! trained on exactly these numbers: 160 zero samples appended, a
//! centred STFT (400-point periodic Hann window, hop 160, reflect
//! padding of 200 on both sides, the last frame dropped), the power
//! spectrum through a Slaney mel filter bank, log10 clamped at 1e-10,
//! everything floored at the maximum − 8, then (x + 4) / 4.

use std::fmt;
use std::sync::Arc;

use rustfft::num_complex::Complex;
use rustfft::{Fft, FftPlanner};

/// The sample rate Whisper hears at.
pub const SAMPLE_RATE: usize = 16_000;
/// The FFT's length: 25 ms.
const N_FFT: usize = 400;
/// The step between frames: 10 ms.
const HOP: usize = 160;
/// The power-spectrum bins of a real FFT of `N_FFT` points.
const SPECTRUM: usize = N_FFT / 2 + 1;
/// faster-whisper appends this many zeros before the STFT (its
/// `padding=160`), which is why `n` samples give `n / 160 + 1` frames.
const TAIL_ZEROS: usize = HOP;
/// The centring pad on both sides.
const CENTRE: usize = N_FFT / 2;

/// A log-mel spectrogram, row-major by mel bin: the value of `bin` at
/// `frame` is `data[bin * frames + frame]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Features {
    /// Mel bins (80 for the Whisper models up to large-v2).
    pub bins: usize,
    /// Frames of 10 ms.
    pub frames: usize,
    /// `bins × frames` values.
    pub data: Vec<f32>,
}

impl Features {
    /// The value of `bin` at `frame`; `None` outside the spectrogram.
    pub fn at(&self, bin: usize, frame: usize) -> Option<f32> {
        if bin >= self.bins || frame >= self.frames {
            return None;
        }
        self.data.get(bin * self.frames + frame).copied()
    }
}

/// One triangular mel filter: its weights from FFT bin `first` on
/// (the rest are zero, so the product skips them).
#[derive(Debug, Clone)]
struct Filter {
    first: usize,
    weights: Vec<f32>,
}

/// The feature extractor: the filter bank, the window and the FFT
/// plan, made once and used for every utterance.
#[derive(Clone)]
pub struct Mel {
    bins: usize,
    filters: Vec<Filter>,
    window: Vec<f32>,
    fft: Arc<dyn Fft<f32>>,
}

impl fmt::Debug for Mel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Mel").field("bins", &self.bins).finish()
    }
}

impl Mel {
    /// The extractor for `bins` mel bins (80, or 128 for large-v3):
    /// the filter bank `librosa.filters.mel(sr=16000, n_fft=400,
    /// n_mels=bins)` with the Slaney scale and norm, as Whisper's
    /// `mel_filters.npz` holds it.
    pub fn new(bins: usize) -> Mel {
        let window = (0..N_FFT)
            .map(|n| {
                (0.5 - 0.5 * (2.0 * std::f64::consts::PI * n as f64 / N_FFT as f64).cos()) as f32
            })
            .collect();
        Mel {
            bins,
            filters: filter_bank(bins),
            window,
            fft: FftPlanner::new().plan_fft_forward(N_FFT),
        }
    }

    /// The mel bins this extractor makes.
    pub fn bins(&self) -> usize {
        self.bins
    }

    /// The log-mel spectrogram of `samples` (16 kHz mono, −1 … 1):
    /// `samples.len() / 160 + 1` frames. No input is refused: empty
    /// input is one frame of silence, and a sample that is NaN or
    /// infinite counts as silence (0.0), so the features are always
    /// finite — faster-whisper would turn the whole spectrogram to NaN.
    /// Silence throughout comes out as −1.5 in every cell.
    pub fn features(&self, samples: &[f32]) -> Features {
        let padded = centred(samples);
        let frames = (padded.len() - N_FFT) / HOP;
        let mut data = vec![0.0f32; self.bins * frames];
        let mut buffer = vec![Complex::new(0.0f32, 0.0); N_FFT];
        let mut scratch = vec![Complex::new(0.0f32, 0.0); self.fft.get_inplace_scratch_len()];
        let mut power = [0.0f32; SPECTRUM];
        for frame in 0..frames {
            let start = frame * HOP;
            for ((slot, &x), &w) in buffer
                .iter_mut()
                .zip(&padded[start..start + N_FFT])
                .zip(&self.window)
            {
                *slot = Complex::new(x * w, 0.0);
            }
            self.fft.process_with_scratch(&mut buffer, &mut scratch);
            for (p, c) in power.iter_mut().zip(&buffer) {
                *p = c.norm_sqr();
            }
            for (bin, filter) in self.filters.iter().enumerate() {
                let energy: f32 = filter
                    .weights
                    .iter()
                    .zip(&power[filter.first..])
                    .map(|(w, p)| w * p)
                    .sum();
                data[bin * frames + frame] = energy.max(1e-10).log10();
            }
        }
        let top = data.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        for v in &mut data {
            *v = (v.max(top - 8.0) + 4.0) / 4.0;
        }
        Features {
            bins: self.bins,
            frames,
            data,
        }
    }
}

/// The samples as the STFT reads them: non-finite samples silenced,
/// faster-whisper's 160 zeros appended, then 200 samples mirrored on
/// each side (numpy's `reflect`: the edge sample is not repeated).
fn centred(samples: &[f32]) -> Vec<f32> {
    let mut signal: Vec<f32> = samples
        .iter()
        .map(|&x| if x.is_finite() { x } else { 0.0 })
        .collect();
    signal.extend(std::iter::repeat_n(0.0, TAIL_ZEROS));
    let n = signal.len() as isize;
    // Mirroring without repeating the edge is periodic with period
    // 2(n − 1); numpy reflects again and again when the pad is longer
    // than the signal, which the period also covers. n ≥ 160 here.
    let period = 2 * (n - 1);
    let at = |t: isize| {
        let m = t.rem_euclid(period);
        signal[(if m < n { m } else { period - m }) as usize]
    };
    (-(CENTRE as isize)..n + CENTRE as isize).map(at).collect()
}

/// Slaney's mel scale: linear below 1 kHz, logarithmic above.
fn hz_to_mel(hz: f64) -> f64 {
    let linear = 200.0 / 3.0;
    if hz < 1000.0 {
        hz / linear
    } else {
        1000.0 / linear + (hz / 1000.0).ln() / (6.4f64.ln() / 27.0)
    }
}

fn mel_to_hz(mel: f64) -> f64 {
    let linear = 200.0 / 3.0;
    let knee = 1000.0 / linear;
    if mel < knee {
        mel * linear
    } else {
        1000.0 * ((6.4f64.ln() / 27.0) * (mel - knee)).exp()
    }
}

/// `bins` triangles between 0 Hz and 8 kHz, evenly spaced in mels,
/// each scaled by 2 / its width in Hz (Slaney's "constant energy per
/// channel"), computed in f64 and stored in f32 as faster-whisper does.
fn filter_bank(bins: usize) -> Vec<Filter> {
    let top = hz_to_mel(SAMPLE_RATE as f64 / 2.0);
    let edges: Vec<f64> = (0..bins + 2)
        .map(|i| mel_to_hz(top * i as f64 / (bins + 1) as f64))
        .collect();
    let fft_hz = |k: usize| k as f64 * SAMPLE_RATE as f64 / N_FFT as f64;
    (0..bins)
        .map(|m| {
            let (low, centre, high) = (edges[m], edges[m + 1], edges[m + 2]);
            let norm = 2.0 / (high - low);
            let weight = |k: usize| {
                let f = fft_hz(k);
                let rising = (f - low) / (centre - low);
                let falling = (high - f) / (high - centre);
                (rising.min(falling).max(0.0) * norm) as f32
            };
            let all: Vec<f32> = (0..SPECTRUM).map(weight).collect();
            let first = all.iter().position(|&w| w > 0.0).unwrap_or(0);
            let last = all.iter().rposition(|&w| w > 0.0).map_or(first, |l| l + 1);
            Filter {
                first,
                weights: all[first..last].to_vec(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sine(seconds: usize) -> Vec<f32> {
        (0..SAMPLE_RATE * seconds)
            .map(|n| {
                0.5 * (2.0 * std::f64::consts::PI * 440.0 * n as f64 / SAMPLE_RATE as f64).sin()
                    as f32
            })
            .collect()
    }

    #[test]
    fn a_sine_gives_what_faster_whisper_gives() {
        // Values printed by faster-whisper 1.2.1's FeatureExtractor(80)
        // for 3 s of a 440 Hz sine at amplitude 0.5.
        let features = Mel::new(80).features(&sine(3));
        assert_eq!((features.bins, features.frames), (80, 301));
        let expected = [
            ((0, 0), 0.983_278_8),
            ((5, 10), -0.561_796_2),
            ((10, 150), 1.348_738),
            ((40, 300), 0.267_669_7),
            ((79, 77), -0.561_796_2),
        ];
        for ((bin, frame), want) in expected {
            let got = features.at(bin, frame).unwrap();
            assert!(
                (got - want).abs() <= 1e-3,
                "({bin}, {frame}): {got} against {want}"
            );
        }
    }

    #[test]
    fn the_filter_bank_is_slaneys() {
        // faster-whisper's get_mel_filters(16000, 400, 80), as f32.
        let bank = filter_bank(80);
        let expected = [
            (0, 1, 0.024_862_595),
            (1, 2, 0.022_871_772),
            (40, 42, 0.005_411_105),
            (79, 186, 0.000_366_741_7),
        ];
        for (bin, k, want) in expected {
            let filter = &bank[bin];
            let got = filter.weights[k - filter.first];
            assert!(
                (got - want).abs() < 1e-7,
                "filter {bin} at {k}: {got} against {want}"
            );
        }
        assert_eq!(
            (bank[79].first, bank[79].first + bank[79].weights.len()),
            (186, 200)
        );
    }

    #[test]
    fn silence_is_minus_one_and_a_half_everywhere() {
        let features = Mel::new(80).features(&vec![0.0; 16_000]);
        assert_eq!(features.frames, 101);
        assert!(features.data.iter().all(|&v| v == -1.5));
    }

    #[test]
    fn empty_or_one_sample_is_one_frame() {
        let mel = Mel::new(80);
        let empty = mel.features(&[]);
        assert_eq!((empty.frames, empty.data.len()), (1, 80));
        assert!(empty.data.iter().all(|&v| v == -1.5));
        // faster-whisper: between 0.2903 and 0.3068 for one sample 0.25.
        let one = mel.features(&[0.25]);
        assert_eq!(one.frames, 1);
        assert!(
            one.data.iter().all(|&v| (0.290..0.307).contains(&v)),
            "{:?}",
            one.data
        );
    }

    #[test]
    fn samples_that_are_not_numbers_count_as_silence() {
        let mel = Mel::new(80);
        let mut broken = sine(1);
        let mut silenced = broken.clone();
        for (i, bad) in [
            (100, f32::NAN),
            (5000, f32::INFINITY),
            (9000, f32::NEG_INFINITY),
        ] {
            broken[i] = bad;
            silenced[i] = 0.0;
        }
        let features = mel.features(&broken);
        assert!(features.data.iter().all(|v| v.is_finite()));
        assert_eq!(features, mel.features(&silenced));
    }

    #[test]
    fn outside_the_spectrogram_there_is_no_value() {
        let features = Mel::new(80).features(&[]);
        assert_eq!(features.at(80, 0), None);
        assert_eq!(features.at(0, 1), None);
    }
}
