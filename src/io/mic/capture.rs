//! Audio capture: a sound card's input through cpal, or a WAV file
//! played as if it were one. Either way the listener receives chunks of
//! 16 kHz mono samples on a channel, and the channel closes when the
//! capture ends.
//!
//! The channel is bounded and the device's callback waits when it is
//! full: a listener that falls seconds behind loses audio to the sound
//! card's overrun, not to memory, and a device that does not pace itself
//! (ALSA's `null` under a `file` plugin, as in the tests, delivers as
//! fast as it is read) is paced by the listener instead of dropping
//! chunks.

use std::path::Path;
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{Data, FromSample, SampleFormat, SizedSample, StreamConfig};

use super::wav::stream_wav;
use super::{MicError, RATE, ToMono16k, read_wav};

/// Milliseconds of audio in a chunk from a file.
pub const CHUNK_MS: u32 = 20;

/// How long opening the device may take.
const OPEN_TIMEOUT: Duration = Duration::from_secs(2);
/// Chunks the channel holds before the producer waits: seconds of audio
/// at any period size a sound card uses.
const QUEUE: usize = 256;
/// Silence after a file's end, so that a detector's hangover runs out
/// and the last utterance ends as it would at a microphone.
const TAIL_MS: u32 = 1_000;

/// The names of the input devices of the default sound system, as
/// [`Capture::open`] takes them.
pub fn microphones() -> Result<Vec<String>, MicError> {
    let (tx, rx) = mpsc::channel();
    // ALSA's messages are silenced per thread; this one is ours alone.
    let spawned = thread::Builder::new()
        .name("annabella-mic-list".into())
        .spawn(move || {
            crate::io::audio::quiet_alsa();
            let host = cpal::default_host();
            let names = host.input_devices().map(|devices| {
                devices
                    .filter_map(|d| d.description().ok().map(|d| d.name().to_string()))
                    .collect::<Vec<_>>()
            });
            let _ = tx.send(names.map_err(|e| MicError::Host(e.to_string())));
        });
    spawned.map_err(|e| MicError::Thread(e.to_string()))?;
    rx.recv_timeout(OPEN_TIMEOUT)
        .unwrap_or_else(|_| Err(MicError::Host("no answer".into())))
}

/// Audio coming in: a thread of its own delivers chunks of 16 kHz mono
/// samples to [`Capture::receiver`]. Dropping it stops the capture.
pub struct Capture {
    rx: Receiver<Vec<i16>>,
    /// Tells a device's thread to close its stream.
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl std::fmt::Debug for Capture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Capture")
    }
}

impl Capture {
    /// Listens on the default input device, or on the first whose name
    /// contains `device` (any case; a whole name is preferred). The
    /// stream lives on the capture's own thread, since a cpal stream may
    /// not move between threads. An error from the device ends the
    /// capture: the channel closes.
    pub fn open(device: Option<&str>) -> Result<Capture, MicError> {
        let (tx, rx) = mpsc::sync_channel(QUEUE);
        let (stop_tx, stop_rx) = mpsc::channel::<()>();
        let (ready_tx, ready_rx) = mpsc::channel();
        let wanted = device.map(str::to_string);
        let on_error = stop_tx.clone();
        let thread = thread::Builder::new()
            .name("annabella-mic".into())
            .spawn(move || {
                crate::io::audio::quiet_alsa();
                match open_stream(wanted.as_deref(), tx, on_error) {
                    Ok(stream) => {
                        if ready_tx.send(Ok(())).is_ok() {
                            // Either `Capture` is dropped or the device
                            // failed; both send or hang up.
                            let _ = stop_rx.recv();
                        }
                        drop(stream);
                    }
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                    }
                }
            })
            .map_err(|e| MicError::Thread(e.to_string()))?;
        match ready_rx.recv_timeout(OPEN_TIMEOUT) {
            Ok(Ok(())) => Ok(Capture {
                rx,
                stop: Some(stop_tx),
                thread: Some(thread),
            }),
            Ok(Err(e)) => Err(e),
            Err(_) => {
                // The thread may still open the device later; the stop
                // already sent makes it close it at once.
                let _ = stop_tx.send(());
                Err(MicError::Open("the device did not answer".into()))
            }
        }
    }

    /// Plays a WAV file (see [`read_wav`]) as the microphone: chunks of
    /// [`CHUNK_MS`], paced by the wall clock when `realtime` (as fast as
    /// they are taken otherwise), then a second of silence; then the
    /// channel closes. An unreadable file is an error here, not later.
    ///
    /// A named pipe is read as it is written (see [`stream_wav`]), at the
    /// writer's pace, so that a program can speak into it and listen to
    /// the answers; a fault in its stream ends it.
    pub fn from_file(path: &Path, realtime: bool) -> Result<Capture, MicError> {
        use std::os::unix::fs::FileTypeExt;
        let piped = std::fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo());
        let chunk = (RATE / 1_000 * CHUNK_MS) as usize;
        let (tx, rx) = mpsc::sync_channel(QUEUE);
        let thread = if piped {
            let path = path.to_path_buf();
            thread::Builder::new()
                .name("annabella-mic-pipe".into())
                .spawn(move || {
                    // Opening waits for the writer; so does every read.
                    let _ = stream_wav(&path, chunk, &mut |samples| {
                        samples.is_empty() || tx.send(samples.to_vec()).is_ok()
                    });
                })
        } else {
            let mut samples = read_wav(path)?;
            samples.resize(samples.len() + (RATE / 1_000 * TAIL_MS) as usize, 0);
            thread::Builder::new()
                .name("annabella-mic-file".into())
                .spawn(move || {
                    let began = Instant::now();
                    let period = Duration::from_millis(u64::from(CHUNK_MS));
                    for (i, piece) in samples.chunks(chunk).enumerate() {
                        if realtime {
                            let due = began + period * i as u32;
                            thread::sleep(due.saturating_duration_since(Instant::now()));
                        }
                        if tx.send(piece.to_vec()).is_err() {
                            return;
                        }
                    }
                })
        }
        .map_err(|e| MicError::Thread(e.to_string()))?;
        Ok(Capture {
            rx,
            stop: None,
            // A pipe's reader may wait for its writer for ever: it is
            // not joined, and ends with the writer or the process.
            thread: (!piped).then_some(thread),
        })
    }

    /// Where the chunks arrive; it disconnects when the capture ends.
    pub fn receiver(&self) -> &Receiver<Vec<i16>> {
        &self.rx
    }
}

impl Drop for Capture {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        // The producer may be waiting on a full channel: hanging up our
        // end wakes it, so that joining cannot wait forever.
        let (_, hung_up) = mpsc::sync_channel(0);
        drop(std::mem::replace(&mut self.rx, hung_up));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Finds the device, opens and starts its stream.
fn open_stream(
    wanted: Option<&str>,
    tx: SyncSender<Vec<i16>>,
    on_error: Sender<()>,
) -> Result<cpal::Stream, MicError> {
    let device = find_device(wanted)?;
    let (config, format) = choose_config(&device)?;
    let mut conv = ToMono16k::new(config.sample_rate, config.channels);
    let mut scratch = Vec::new();
    let stream = device
        .build_input_stream_raw(
            config,
            format,
            move |data: &Data, _: &cpal::InputCallbackInfo| {
                let mut out = Vec::new();
                convert(data, &mut conv, &mut scratch, &mut out);
                // A closed channel means the capture is being dropped.
                if !out.is_empty() {
                    let _ = tx.send(out);
                }
            },
            move |e: cpal::Error| {
                // An overrun loses a moment of audio and cpal restarts
                // the stream; anything else ends the capture.
                if e.kind() != cpal::ErrorKind::Xrun {
                    let _ = on_error.send(());
                }
            },
            Some(OPEN_TIMEOUT),
        )
        .map_err(|e| MicError::Open(e.to_string()))?;
    stream.play().map_err(|e| MicError::Open(e.to_string()))?;
    Ok(stream)
}

fn find_device(wanted: Option<&str>) -> Result<cpal::Device, MicError> {
    let host = cpal::default_host();
    let Some(wanted) = wanted else {
        return host.default_input_device().ok_or(MicError::NoDevice);
    };
    let mut devices: Vec<(String, cpal::Device)> = host
        .input_devices()
        .map_err(|e| MicError::Host(e.to_string()))?
        .filter_map(|d| Some((d.description().ok()?.name().to_lowercase(), d)))
        .collect();
    let key = wanted.to_lowercase();
    let exact = devices.iter().position(|(name, _)| *name == key);
    let partial = || devices.iter().position(|(name, _)| name.contains(&key));
    match exact.or_else(partial) {
        Some(i) => Ok(devices.swap_remove(i).1),
        None => Err(MicError::NoSuchDevice(wanted.to_string())),
    }
}

/// 16 kHz mono in 16 bits or floats if the device offers it (no
/// conversion at all, or only the sound system's own); its default
/// otherwise.
fn choose_config(device: &cpal::Device) -> Result<(StreamConfig, SampleFormat), MicError> {
    let direct = device
        .supported_input_configs()
        .ok()
        .and_then(|mut ranges| {
            ranges.find(|r| {
                r.channels() == 1
                    && (r.min_sample_rate()..=r.max_sample_rate()).contains(&RATE)
                    && matches!(r.sample_format(), SampleFormat::I16 | SampleFormat::F32)
            })
        });
    let supported = match direct {
        Some(range) => range.with_sample_rate(RATE),
        None => device
            .default_input_config()
            .map_err(|e| MicError::Open(e.to_string()))?,
    };
    let format = supported.sample_format();
    Ok((supported.config(), format))
}

/// One callback's data, whatever its sample format, into 16 kHz mono.
fn convert(data: &Data, conv: &mut ToMono16k, scratch: &mut Vec<f32>, out: &mut Vec<i16>) {
    if let Some(s) = data.as_slice::<i16>() {
        conv.push_i16(s, out);
        return;
    }
    scratch.clear();
    match data.sample_format() {
        SampleFormat::F32 => floats::<f32>(data, scratch),
        SampleFormat::F64 => floats::<f64>(data, scratch),
        SampleFormat::I8 => floats::<i8>(data, scratch),
        SampleFormat::I32 => floats::<i32>(data, scratch),
        SampleFormat::I64 => floats::<i64>(data, scratch),
        SampleFormat::U8 => floats::<u8>(data, scratch),
        SampleFormat::U16 => floats::<u16>(data, scratch),
        SampleFormat::U32 => floats::<u32>(data, scratch),
        SampleFormat::U64 => floats::<u64>(data, scratch),
        SampleFormat::I24 => floats::<cpal::I24>(data, scratch),
        SampleFormat::U24 => floats::<cpal::U24>(data, scratch),
        // Other formats (DSD) are not offered for input; they are silence.
        _ => {}
    }
    conv.push_f32(scratch, out);
}

fn floats<T>(data: &Data, scratch: &mut Vec<f32>)
where
    T: SizedSample,
    f32: FromSample<T>,
{
    if let Some(s) = data.as_slice::<T>() {
        scratch.extend(s.iter().map(|&x| x.to_sample::<f32>()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hound::{SampleFormat as WavFormat, WavSpec, WavWriter};

    fn write_wav(path: &Path, samples: &[i16]) {
        let spec = WavSpec {
            channels: 1,
            sample_rate: 16_000,
            bits_per_sample: 16,
            sample_format: WavFormat::Int,
        };
        let mut w = WavWriter::create(path, spec).expect("created");
        for &s in samples {
            w.write_sample(s).expect("written");
        }
        w.finalize().expect("finalized");
    }

    #[test]
    fn a_file_arrives_in_chunks_then_a_second_of_silence_then_the_end() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a.wav");
        let samples: Vec<i16> = (0..1_000).map(|i| i as i16).collect();
        write_wav(&path, &samples);
        let capture = Capture::from_file(&path, false).expect("opened");
        let got: Vec<Vec<i16>> = capture.receiver().iter().collect();
        assert!(got.iter().all(|c| c.len() <= 320));
        let all = got.concat();
        assert_eq!(all.len(), 1_000 + 16_000);
        assert_eq!(&all[..1_000], &samples[..]);
        assert!(all[1_000..].iter().all(|&s| s == 0));
    }

    #[test]
    fn a_file_in_real_time_takes_its_duration() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("b.wav");
        write_wav(&path, &[0; 3_200]);
        let began = Instant::now();
        let capture = Capture::from_file(&path, true).expect("opened");
        let n: usize = capture.receiver().iter().map(|c| c.len()).sum();
        assert_eq!(n, 3_200 + 16_000);
        // 1.2 s of audio; the first chunk goes at once.
        assert!(
            began.elapsed() >= Duration::from_millis(1_150),
            "{:?}",
            began.elapsed()
        );
    }

    #[test]
    fn dropping_a_capture_mid_file_ends_its_thread() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("c.wav");
        write_wav(&path, &[1; 160_000]);
        let capture = Capture::from_file(&path, false).expect("opened");
        assert!(capture.receiver().recv().is_ok());
        drop(capture);
    }

    #[test]
    fn a_named_pipe_is_heard_as_it_is_written_and_ends_with_its_writer() {
        // A WAV file written whole, then sent through the pipe: its
        // header is a stream's like any other.
        let dir = tempfile::tempdir().expect("temp dir");
        let whole = dir.path().join("whole.wav");
        write_wav(&whole, &[700; 16_000]);
        let bytes = std::fs::read(&whole).expect("read back");
        through_a_pipe(bytes);
    }

    /// Issue 34, item 9: the length a program streaming WAV to a pipe
    /// writes (0xFFFFFFFF: ffmpeg, arecord; or 0) means "until the
    /// writer closes", not "nothing".
    #[test]
    fn a_stream_of_unknown_length_is_heard_until_its_writer_closes() {
        let dir = tempfile::tempdir().expect("temp dir");
        let whole = dir.path().join("whole.wav");
        write_wav(&whole, &[700; 16_000]);
        let bytes = std::fs::read(&whole).expect("read back");
        for unknown in [u32::MAX, 0] {
            let mut stream = bytes.clone();
            stream[4..8].copy_from_slice(&unknown.to_le_bytes());
            stream[40..44].copy_from_slice(&unknown.to_le_bytes());
            through_a_pipe(stream);
        }
    }

    /// `bytes` written into a named pipe the capture reads: all of its
    /// 16 000 samples of 700 arrive, and nothing after them.
    fn through_a_pipe(bytes: Vec<u8>) {
        use std::io::Write;
        let dir = tempfile::tempdir().expect("temp dir");
        let pipe = dir.path().join("mic.wav");
        let c_path = std::ffi::CString::new(pipe.to_str().expect("UTF-8")).expect("no NUL");
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
        let capture = Capture::from_file(&pipe, true).expect("a pipe opens later");
        let writer = std::thread::spawn(move || {
            let mut out = std::fs::OpenOptions::new()
                .write(true)
                .open(&pipe)
                .expect("the reader is there");
            for piece in bytes.chunks(1_000) {
                out.write_all(piece).expect("written");
            }
        });
        let mut heard = Vec::new();
        while let Ok(chunk) = capture.receiver().recv() {
            heard.extend(chunk);
        }
        writer.join().expect("the writer ends");
        // All of it and no second of silence after it: the writer paced it.
        assert_eq!(heard.len(), 16_000);
        assert!(heard.iter().all(|&s| s == 700));
        drop(capture);
    }

    #[test]
    fn an_unreadable_file_is_an_error_at_once() {
        let missing = Path::new("/nonexistent/annabella/x.wav");
        assert!(matches!(
            Capture::from_file(missing, true),
            Err(MicError::FileUnreadable(..))
        ));
    }

    #[test]
    fn a_device_no_one_has_is_named_in_the_error() {
        match Capture::open(Some("no such microphone anywhere")) {
            Err(MicError::NoSuchDevice(name)) => assert_eq!(name, "no such microphone anywhere"),
            // A machine without a sound system cannot list devices.
            Err(MicError::Host(_) | MicError::NoDevice) => {}
            other => panic!("{other:?}"),
        }
    }
}
