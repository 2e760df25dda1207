//! WAV files as the microphone: any PCM WAV a recorder or a synthesiser
//! writes, read as 16 kHz mono.

use std::fs::File;
use std::io::{self, BufReader, Read};
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
    let input = open_ended(BufReader::new(file))
        .map_err(|e| MicError::FileUnreadable(name.clone(), IoReason::of(&e)))?;
    let reader = WavReader::new(input).map_err(|e| header_error(&name, e))?;
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

/// How far into a file its data chunk is looked for: past that, its
/// header is read as it is.
const HEADER_MAX: u64 = 1 << 20;

/// `input` with a data chunk whose length says "unknown" made to say
/// "as long as there is", so that it is read until its writer closes
/// it. A program writing WAV to a pipe cannot know the length it
/// writes first: ffmpeg and arecord put 0xFFFFFFFF there, others 0
/// (hound would refuse the first, half a sample being no sample, and
/// read nothing of the second). Either becomes the longest length of
/// whole frames; a file ending before it is a file cut short, which
/// [`stream_wav`] reads to its end. Anything that is no such header is
/// handed on untouched, for the reader to refuse.
fn open_ended<R: Read>(mut input: R) -> io::Result<impl Read> {
    let mut head = Vec::new();
    let mut frame = 0u32;
    // "RIFF", its length and "WAVE"; then chunk after chunk.
    if take(&mut input, &mut head, 12)? {
        while (head.len() as u64) < HEADER_MAX && take(&mut input, &mut head, 8)? {
            let at = head.len() - 8;
            let id: [u8; 4] = head[at..at + 4].try_into().unwrap_or_default();
            let len = u32::from_le_bytes(head[at + 4..].try_into().unwrap_or_default());
            if &id == b"data" {
                if (len == 0 || len == u32::MAX) && frame > 0 {
                    let whole = u32::MAX - u32::MAX % frame;
                    head[at + 4..].copy_from_slice(&whole.to_le_bytes());
                }
                break;
            }
            let body = head.len();
            // A chunk too long to hold is handed on for the reader to skip.
            if body as u64 + u64::from(len) > HEADER_MAX
                || !take(&mut input, &mut head, u64::from(len))?
            {
                break;
            }
            // The fmt chunk's block align: the bytes of one frame.
            if &id == b"fmt " && len >= 14 {
                frame = u32::from(u16::from_le_bytes([head[body + 12], head[body + 13]]));
            }
        }
    }
    Ok(io::Cursor::new(head).chain(input))
}

/// Appends the next `n` bytes of `input` to `head`; whether there were
/// that many.
fn take(input: &mut impl Read, head: &mut Vec<u8>, n: u64) -> io::Result<bool> {
    let got = input.by_ref().take(n).read_to_end(head)?;
    Ok(got as u64 == n)
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

    /// A 16 kHz mono 16-bit WAV whose header gives `data_len` for its
    /// data, as a program streaming it writes it, then `samples`.
    fn streamed(data_len: u32, samples: &[i16]) -> Vec<u8> {
        let mut bytes = Vec::new();
        bytes.extend_from_slice(b"RIFF");
        bytes.extend_from_slice(&data_len.to_le_bytes());
        bytes.extend_from_slice(b"WAVEfmt ");
        for (n, size) in [
            (16u32, 4),
            (1, 2),
            (1, 2),
            (16_000, 4),
            (32_000, 4),
            (2, 2),
            (16, 2),
        ] {
            bytes.extend_from_slice(&n.to_le_bytes()[..size]);
        }
        bytes.extend_from_slice(b"LIST");
        bytes.extend_from_slice(&4u32.to_le_bytes());
        bytes.extend_from_slice(b"INFO");
        bytes.extend_from_slice(b"data");
        bytes.extend_from_slice(&data_len.to_le_bytes());
        bytes.extend(samples.iter().flat_map(|s| s.to_le_bytes()));
        bytes
    }

    /// Issue 34, item 9: a stream's header promising 0xFFFFFFFF bytes
    /// (ffmpeg, arecord) or 0 is read to its end.
    #[test]
    fn a_header_of_unknown_length_is_read_until_the_end() {
        let dir = tempfile::tempdir().expect("temp dir");
        let samples: Vec<i16> = (0..4_000).map(|i| (i % 300) as i16).collect();
        for len in [u32::MAX, 0] {
            let path = dir.path().join(format!("{len}.wav"));
            std::fs::write(&path, streamed(len, &samples)).expect("written");
            assert_eq!(read_wav(&path).expect("read"), samples, "length {len:#x}");
        }
        // A stereo stream's frames are four bytes: whole frames still.
        let path = dir.path().join("stereo.wav");
        let mut bytes = streamed(u32::MAX, &[]);
        bytes[22] = 2;
        bytes[32] = 4;
        bytes[28..32].copy_from_slice(&64_000u32.to_le_bytes());
        bytes.extend(
            [500i16, 700]
                .repeat(800)
                .iter()
                .flat_map(|s| s.to_le_bytes()),
        );
        std::fs::write(&path, bytes).expect("written");
        let out = read_wav(&path).expect("read");
        assert_eq!(out.len(), 800);
        assert!(
            out[10..790].iter().all(|&s| (599..=601).contains(&s)),
            "{out:?}"
        );
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
