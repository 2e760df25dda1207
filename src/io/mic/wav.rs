//! WAV files as the microphone: any PCM WAV a recorder or a synthesiser
//! writes, read as 16 kHz mono.

use std::fs::File;
use std::io::{self, BufReader};
use std::path::Path;

use hound::{SampleFormat, WavReader};

use super::{MicError, ToMono16k};
use crate::event::IoReason;

/// The sample rates a file may have: a telephone's to a studio's.
const RATES: std::ops::RangeInclusive<u32> = 8_000..=48_000;

/// Samples converted at a time, so that a long file is never held twice
/// in floating point.
const BLOCK: usize = 8_192;

/// Reads a WAV file as 16 kHz mono `i16`. Any PCM WAV from 8 to 48 kHz
/// with any number of channels (averaged), 8- to 32-bit integer or
/// 32-bit float samples. A file cut short keeps what was read.
pub fn read_wav(path: &Path) -> Result<Vec<i16>, MicError> {
    let mut all = Vec::new();
    stream_wav(path, BLOCK, &mut |samples| {
        all.extend_from_slice(samples);
        true
    })?;
    Ok(all)
}

/// Reads a WAV file or stream (a named pipe a program writes as it
/// goes, whose header may promise any length) as [`read_wav`] does,
/// handing `sink` the 16 kHz mono samples of every `block` samples read,
/// until the end or until `sink` says no more.
pub fn stream_wav(
    path: &Path,
    block: usize,
    sink: &mut dyn FnMut(&[i16]) -> bool,
) -> Result<(), MicError> {
    let name = path.display().to_string();
    let file =
        File::open(path).map_err(|e| MicError::FileUnreadable(name.clone(), IoReason::of(&e)))?;
    let reader = WavReader::new(BufReader::new(file)).map_err(|e| header_error(&name, e))?;
    let spec = reader.spec();
    if !RATES.contains(&spec.sample_rate) {
        return Err(MicError::WavRate(name, spec.sample_rate));
    }
    let mut pump = Pump {
        conv: ToMono16k::new(spec.sample_rate, spec.channels),
        block: Vec::with_capacity(block.max(1)),
        size: block.max(1),
        out: Vec::new(),
        sink,
    };
    let ended = match (spec.sample_format, spec.bits_per_sample) {
        (SampleFormat::Float, 32) => pump.run(reader.into_samples::<f32>(), |s| s),
        (SampleFormat::Int, bits @ 1..=32) => {
            let scale = 1.0 / 2f64.powi(i32::from(bits) - 1);
            pump.run(reader.into_samples::<i32>(), move |s: i32| {
                (f64::from(s) * scale) as f32
            })
        }
        (SampleFormat::Float, bits) => {
            return Err(MicError::WavFormat(name, format!("{bits}-bit float")));
        }
        (SampleFormat::Int, bits) => {
            return Err(MicError::WavFormat(name, format!("{bits}-bit integer")));
        }
    };
    pump.out.clear();
    pump.conv.flush(&mut pump.out);
    (pump.sink)(&pump.out);
    match ended {
        Ok(()) => Ok(()),
        // Recorders killed mid-file leave a header promising more, and a
        // stream's header promises what it cannot know.
        Err(hound::Error::IoError(e)) if short_read(&e) => Ok(()),
        Err(hound::Error::IoError(e)) => Err(MicError::FileUnreadable(name, IoReason::of(&e))),
        Err(_) => Err(MicError::NotWav(name)),
    }
}

/// Converts samples block by block and hands each block on.
struct Pump<'a> {
    conv: ToMono16k,
    block: Vec<f32>,
    size: usize,
    out: Vec<i16>,
    sink: &'a mut dyn FnMut(&[i16]) -> bool,
}

impl Pump<'_> {
    /// Until the end, the first error, or the sink wants no more.
    fn run<S, I>(&mut self, samples: I, to_f32: impl Fn(S) -> f32) -> Result<(), hound::Error>
    where
        I: Iterator<Item = Result<S, hound::Error>>,
    {
        for sample in samples {
            match sample {
                Ok(s) => self.block.push(to_f32(s)),
                Err(e) => {
                    // What was read before the fault still counts.
                    self.hand_on();
                    return Err(e);
                }
            }
            if self.block.len() == self.size && !self.hand_on() {
                return Ok(());
            }
        }
        self.hand_on();
        Ok(())
    }

    fn hand_on(&mut self) -> bool {
        self.out.clear();
        self.conv.push_f32(&self.block, &mut self.out);
        self.block.clear();
        (self.sink)(&self.out)
    }
}

fn header_error(name: &str, e: hound::Error) -> MicError {
    match e {
        hound::Error::Unsupported => MicError::WavFormat(name.to_string(), "compressed".into()),
        hound::Error::IoError(e) if !short_read(&e) => {
            MicError::FileUnreadable(name.to_string(), IoReason::of(&e))
        }
        _ => MicError::NotWav(name.to_string()),
    }
}

/// Whether the file ended before what its header promised, rather than
/// the system failing to read it: hound reports a short file as an
/// error of its own, without an OS error code.
fn short_read(e: &io::Error) -> bool {
    e.raw_os_error().is_none()
        && matches!(
            e.kind(),
            io::ErrorKind::UnexpectedEof | io::ErrorKind::InvalidData | io::ErrorKind::Other
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use hound::{WavSpec, WavWriter};
    use proptest::prelude::*;

    fn write_sine(path: &Path, rate: u32, channels: u16, float: bool, secs: f64) {
        let spec = WavSpec {
            channels,
            sample_rate: rate,
            bits_per_sample: if float { 32 } else { 16 },
            sample_format: if float {
                SampleFormat::Float
            } else {
                SampleFormat::Int
            },
        };
        let mut w = WavWriter::create(path, spec).expect("created");
        let n = (f64::from(rate) * secs) as usize;
        for i in 0..n {
            let s = 0.5 * (2.0 * std::f64::consts::PI * 1_000.0 * i as f64 / f64::from(rate)).sin();
            for _ in 0..channels {
                if float {
                    w.write_sample(s as f32).expect("written");
                } else {
                    w.write_sample((s * 32_767.0) as i16).expect("written");
                }
            }
        }
        w.finalize().expect("finalized");
    }

    fn rms(s: &[i16]) -> f64 {
        let sum: f64 = s.iter().map(|&x| f64::from(x) * f64::from(x)).sum();
        (sum / s.len().max(1) as f64).sqrt() / 32_768.0
    }

    #[test]
    fn a_sine_reads_at_its_duration_and_level_from_every_kind_of_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        for rate in [8_000, 22_050, 44_100, 48_000] {
            for channels in [1, 2] {
                for float in [false, true] {
                    let path = dir.path().join(format!("{rate}-{channels}-{float}.wav"));
                    write_sine(&path, rate, channels, float, 0.5);
                    let out = read_wav(&path).expect("read");
                    let case = format!("{rate} Hz, {channels} ch, float {float}");
                    assert!(
                        (out.len() as i64 - 8_000).abs() <= 1,
                        "{case}: {}",
                        out.len()
                    );
                    let level = rms(&out[500..7_500]);
                    assert!((level - 0.5 / 2f64.sqrt()).abs() < 0.01, "{case}: {level}");
                }
            }
        }
    }

    #[test]
    fn twenty_four_bit_files_read_at_full_scale() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("24.wav");
        let spec = WavSpec {
            channels: 1,
            sample_rate: 16_000,
            bits_per_sample: 24,
            sample_format: SampleFormat::Int,
        };
        let mut w = WavWriter::create(&path, spec).expect("created");
        for s in [4_194_304, -8_388_608, 0] {
            w.write_sample(s).expect("written");
        }
        w.finalize().expect("finalized");
        assert_eq!(read_wav(&path).expect("read"), [16_384, -32_768, 0]);
    }

    #[test]
    fn unreadable_files_are_errors_with_a_sentence() {
        let dir = tempfile::tempdir().expect("temp dir");
        let missing = dir.path().join("missing.wav");
        assert!(matches!(
            read_wav(&missing),
            Err(MicError::FileUnreadable(..))
        ));
        let empty = dir.path().join("empty.wav");
        std::fs::write(&empty, b"").expect("written");
        assert!(matches!(read_wav(&empty), Err(MicError::NotWav(_))));
        let garbage = dir.path().join("garbage.wav");
        std::fs::write(&garbage, b"this is no RIFF file at all").expect("written");
        let e = read_wav(&garbage).expect_err("garbage");
        assert!(matches!(e, MicError::NotWav(_)));
        assert!(e.to_string().contains("garbage.wav"));
        assert!(matches!(
            read_wav(dir.path()),
            Err(MicError::FileUnreadable(..))
        ));
    }

    #[test]
    fn rates_outside_the_range_are_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("96k.wav");
        write_sine(&path, 96_000, 1, false, 0.01);
        assert_eq!(
            read_wav(&path),
            Err(MicError::WavRate(path.display().to_string(), 96_000))
        );
    }

    #[test]
    fn a_file_cut_short_keeps_what_was_read() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("cut.wav");
        write_sine(&path, 16_000, 1, false, 0.5);
        let bytes = std::fs::read(&path).expect("read");
        std::fs::write(&path, &bytes[..bytes.len() - 4_001]).expect("written");
        let out = read_wav(&path).expect("read");
        assert!((5_900..=6_000).contains(&out.len()), "{}", out.len());
    }

    proptest! {
        #[test]
        fn damaged_files_never_panic(cut in 0usize..200, noise in prop::collection::vec(any::<u8>(), 0..64), at in 0usize..120) {
            let dir = tempfile::tempdir().expect("temp dir");
            let path = dir.path().join("x.wav");
            write_sine(&path, 22_050, 2, false, 0.002);
            let mut bytes = std::fs::read(&path).expect("read");
            bytes.truncate(cut.min(bytes.len()));
            let at = at.min(bytes.len());
            bytes.splice(at..at, noise);
            std::fs::write(&path, &bytes).expect("written");
            let _ = read_wav(&path);
        }
    }
}
