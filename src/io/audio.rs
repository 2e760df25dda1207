//! Sound output: one long-lived `cpal` output stream into which the
//! synthesised cues of [`crate::earcons`] are mixed, and the subscriber
//! that turns events into cues.
//!
//! The stream is owned by a thread of its own, because a `cpal` stream
//! may not move between threads; the mixer between that thread and the
//! player's side is a short list of playing cues behind a mutex.

use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, SampleFormat, SizedSample, StreamConfig};

use crate::announce::{Announcer, Notice};
use crate::earcons::{Cue, synthesize};
use crate::event::{
    ClockEvent, DualEvent, Event, GameEvent, PromptEvent, Refused, ReviewEvent, Subscriber,
    TrainingEvent,
};
use crate::rules::Check;
use crate::settings::Settings;

/// How long opening the audio device may take before annabella goes on
/// without sound.
pub const OPEN_TIMEOUT: Duration = Duration::from_secs(2);

/// Why there is no sound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AudioError {
    /// No output device, or it could not be opened: which way.
    Device(SoundError),
    /// Opening the device took longer than [`OPEN_TIMEOUT`].
    Timeout,
}

struct Playing {
    samples: Arc<[f32]>,
    pos: usize,
    gain: f32,
}

#[derive(Default)]
struct Mixer {
    playing: Vec<Playing>,
}

impl Mixer {
    /// The next mono sample: the sum of everything playing, clamped.
    fn next(&mut self) -> f32 {
        let mut sum = 0.0;
        for p in &mut self.playing {
            if let Some(s) = p.samples.get(p.pos) {
                sum += s * p.gain;
                p.pos += 1;
            }
        }
        self.playing.retain(|p| p.pos < p.samples.len());
        sum.clamp(-1.0, 1.0)
    }
}

/// The audio output: an open stream and the cues synthesised at its
/// sample rate.
pub struct Audio {
    mixer: Arc<Mutex<Mixer>>,
    frames: Arc<AtomicU64>,
    cues: Vec<(Cue, Arc<[f32]>)>,
    /// Dropping it ends the thread that owns the stream.
    _stop: mpsc::Sender<()>,
}

impl std::fmt::Debug for Audio {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Audio")
    }
}

impl Audio {
    /// Opens the default output device, or the device with this `cpal`
    /// id (such as `alsa:null`), within [`OPEN_TIMEOUT`].
    pub fn open(device: Option<&str>) -> Result<Audio, AudioError> {
        let mixer = Arc::new(Mutex::new(Mixer::default()));
        let frames = Arc::new(AtomicU64::new(0));
        let (ready_tx, ready_rx) = mpsc::channel();
        let (stop_tx, stop_rx) = mpsc::channel::<()>();
        let device = device.map(str::to_string);
        let (m, f) = (Arc::clone(&mixer), Arc::clone(&frames));
        let spawned = thread::Builder::new()
            .name("annabella-audio".into())
            .spawn(move || {
                quiet_alsa();
                let stream = open_stream(device.as_deref(), m, f);
                match stream {
                    Ok((stream, rate)) => {
                        if ready_tx.send(Ok(rate)).is_ok() {
                            // Keeps the stream alive until `Audio` is dropped.
                            let _ = stop_rx.recv();
                        }
                        drop(stream);
                    }
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                    }
                }
            });
        if spawned.is_err() {
            return Err(AudioError::Device(SoundError::NoThread));
        }
        let rate = match ready_rx.recv_timeout(OPEN_TIMEOUT) {
            Ok(Ok(rate)) => rate,
            Ok(Err(e)) => return Err(AudioError::Device(e)),
            Err(mpsc::RecvTimeoutError::Timeout) => return Err(AudioError::Timeout),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(AudioError::Device(SoundError::NoThread));
            }
        };
        let cues = Cue::ALL
            .iter()
            .map(|&cue| (cue, Arc::from(synthesize(cue, rate))))
            .collect();
        Ok(Audio {
            mixer,
            frames,
            cues,
            _stop: stop_tx,
        })
    }

    /// Starts `cue` at `volume` (0–100), mixed with whatever plays.
    pub fn play(&self, cue: Cue, volume: u8) {
        let Some((_, samples)) = self.cues.iter().find(|(c, _)| *c == cue) else {
            return;
        };
        if let Ok(mut mixer) = self.mixer.lock() {
            mixer.playing.push(Playing {
                samples: Arc::clone(samples),
                pos: 0,
                gain: f32::from(volume.min(100)) / 100.0,
            });
        }
    }

    /// Whether every cue has been played out.
    pub fn is_idle(&self) -> bool {
        self.mixer
            .lock()
            .map(|m| m.playing.is_empty())
            .unwrap_or(true)
    }

    /// How many frames the device has taken so far.
    pub fn frames_played(&self) -> u64 {
        self.frames.load(Ordering::Relaxed)
    }
}

/// Keeps ALSA's own error messages (a dozen lines for a missing sound
/// card) off the player's terminal: annabella says in one line of its own
/// that there is no sound. The handler is ALSA's thread-local one, so it
/// covers exactly the thread that calls this (the audio thread, the
/// microphone's).
#[cfg(target_os = "linux")]
pub(crate) fn quiet_alsa() {
    use std::ffi::{c_char, c_int};
    type LocalHandler =
        unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char);
    unsafe extern "C" {
        // alsa-lib 1.1.6 and later; libasound is linked through cpal.
        fn snd_lib_error_set_local(handler: Option<LocalHandler>) -> Option<LocalHandler>;
    }
    unsafe extern "C" fn ignore(
        _file: *const c_char,
        _line: c_int,
        _function: *const c_char,
        _err: c_int,
        _msg: *const c_char,
    ) {
    }
    // SAFETY: the function only stores the pointer for this thread; the
    // handler ignores its arguments and never unwinds.
    unsafe {
        snd_lib_error_set_local(Some(ignore));
    }
}

/// Other platforms print nothing of their own.
#[cfg(not(target_os = "linux"))]
pub(crate) fn quiet_alsa() {}

type Opened = (cpal::Stream, u32);

/// Why the sound cues cannot be played, as kinds. The player hears a
/// notice in the UI language (`announce::Notice::SoundUnavailable`);
/// the sound system's own words are kept for `Display`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SoundError {
    /// There is no output device.
    NoDevice,
    /// No device has this id.
    BadDevice(String),
    /// The device plays samples of a format not handled here.
    Format(String),
    /// The sound system refused: its words.
    Refused(String),
    /// The system gave no thread for sound, or it ended.
    NoThread,
}

impl SoundError {
    fn refused(why: impl std::fmt::Display) -> SoundError {
        SoundError::Refused(why.to_string())
    }
}

impl std::fmt::Display for SoundError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SoundError::NoDevice => f.write_str("no output device"),
            SoundError::BadDevice(id) => write!(f, "no output device {id}"),
            SoundError::Format(format) => write!(f, "unsupported sample format {format}"),
            SoundError::Refused(why) => write!(f, "the sound system refused: {why}"),
            SoundError::NoThread => f.write_str("no thread for sound"),
        }
    }
}

impl std::error::Error for SoundError {}

impl std::fmt::Display for AudioError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AudioError::Device(why) => why.fmt(f),
            AudioError::Timeout => f.write_str("the sound device did not open in time"),
        }
    }
}

impl std::error::Error for AudioError {}

fn open_stream(
    id: Option<&str>,
    mixer: Arc<Mutex<Mixer>>,
    frames: Arc<AtomicU64>,
) -> Result<Opened, SoundError> {
    let host = cpal::default_host();
    let device = match id {
        Some(id) => {
            let id = id
                .parse()
                .map_err(|_: cpal::Error| SoundError::BadDevice(id.to_string()))?;
            host.device_by_id(&id)
        }
        None => host.default_output_device(),
    }
    .ok_or(SoundError::NoDevice)?;
    let supported = device
        .default_output_config()
        .map_err(SoundError::refused)?;
    let format = supported.sample_format();
    let config: StreamConfig = supported.into();
    let rate = config.sample_rate;
    let stream = match format {
        SampleFormat::F32 => build::<f32>(&device, config, mixer, frames),
        SampleFormat::I16 => build::<i16>(&device, config, mixer, frames),
        SampleFormat::I32 => build::<i32>(&device, config, mixer, frames),
        SampleFormat::U8 => build::<u8>(&device, config, mixer, frames),
        SampleFormat::U16 => build::<u16>(&device, config, mixer, frames),
        other => return Err(SoundError::Format(other.to_string())),
    }?;
    stream.play().map_err(SoundError::refused)?;
    Ok((stream, rate))
}

fn build<T>(
    device: &cpal::Device,
    config: StreamConfig,
    mixer: Arc<Mutex<Mixer>>,
    frames: Arc<AtomicU64>,
) -> Result<cpal::Stream, SoundError>
where
    T: SizedSample + FromSample<f32>,
{
    let channels = usize::from(config.channels.max(1));
    device
        .build_output_stream(
            config,
            move |data: &mut [T], _: &cpal::OutputCallbackInfo| {
                // A poisoned or busy mixer plays silence rather than
                // blocking the audio callback.
                let mut mixer = mixer.try_lock().ok();
                for frame in data.chunks_mut(channels) {
                    let value = mixer.as_mut().map_or(0.0, |m| m.next());
                    for sample in frame {
                        *sample = T::from_sample(value);
                    }
                }
                frames.fetch_add((data.len() / channels) as u64, Ordering::Relaxed);
            },
            // Device errors mid-game (unplugged headphones) leave the
            // game alone; the stream just falls silent.
            |_| {},
            None,
        )
        .map_err(SoundError::refused)
}

/// The cue for one event, if it has one.
pub fn cue_for(event: &Event) -> Option<Cue> {
    match event {
        Event::Game(GameEvent::Moved(f)) if f.check != Check::None => Some(Cue::Check),
        Event::Game(GameEvent::Moved(f)) if f.castle.is_some() => Some(Cue::Castling),
        Event::Game(GameEvent::Moved(f)) if f.capture.is_some() => Some(Cue::Capture),
        Event::Game(GameEvent::Moved(_)) => Some(Cue::Move),
        Event::Game(GameEvent::Over(_)) => Some(Cue::GameEnd),
        Event::Clock(ClockEvent::Alarm(_)) => Some(Cue::LowTime),
        // A wrong repetition, and boards that differ, want the ear at once.
        Event::Dual(DualEvent::Corrected(_) | DualEvent::RepeatFirst(_)) => Some(Cue::Illegal),
        Event::Dual(DualEvent::Compared(c)) if !c.differences.is_empty() => Some(Cue::Illegal),
        // A drill's or the game's question judged: the ear knows at once.
        Event::Training(TrainingEvent::Judged { right: true, .. }) => Some(Cue::Move),
        Event::Training(TrainingEvent::Judged { right: false, .. }) => Some(Cue::Illegal),
        Event::Review(ReviewEvent::Progress(_)) => Some(Cue::Progress),
        Event::Review(ReviewEvent::Summary(_)) => Some(Cue::Reviewed),
        Event::Review(ReviewEvent::Refused(_)) => Some(Cue::Illegal),
        Event::Refusal(Refused::Move(_))
        | Event::Refusal(Refused::NotUnderstood { .. })
        | Event::Prompt(PromptEvent::NotFitting(_))
        | Event::Refusal(Refused::Command(_)) => Some(Cue::Illegal),
        _ => None,
    }
}

/// The cues for the events of one line: the game end wins over the move
/// that ended it; otherwise the first event with a cue.
pub fn cue_for_events(events: &[Event]) -> Option<Cue> {
    if events
        .iter()
        .any(|e| matches!(e, Event::Game(GameEvent::Over(_))))
    {
        return Some(Cue::GameEnd);
    }
    events.iter().find_map(cue_for)
}

/// Plays a cue for the events of every line, while the setting `sound`
/// is on. Without a device it says so once, in text, and stays silent.
pub struct SoundSink<'a, W: Write> {
    announcer: &'a Announcer,
    notices: W,
    audio: Option<Audio>,
    device: Option<String>,
    tried: bool,
}

impl<'a, W: Write> SoundSink<'a, W> {
    /// Sound on the default device (or the `cpal` device id `device`);
    /// notices go to `notices`. The device is opened when sound is first
    /// wanted.
    pub fn new(announcer: &'a Announcer, notices: W, device: Option<String>) -> Self {
        SoundSink {
            announcer,
            notices,
            audio: None,
            device,
            tried: false,
        }
    }

    /// Opens the device now if sound is on (at start, so that a missing
    /// device is reported before the first move).
    pub fn start(&mut self, settings: &Settings) -> io::Result<()> {
        if settings.sound && !self.tried {
            self.tried = true;
            match Audio::open(self.device.as_deref()) {
                Ok(audio) => self.audio = Some(audio),
                Err(_) => {
                    let line = self.announcer.notice(settings, Notice::SoundUnavailable);
                    writeln!(self.notices, "{line}")?;
                    self.notices.flush()?;
                }
            }
        }
        Ok(())
    }

    /// Waits until the cues have been played out, at most `bound`.
    pub fn finish(&self, bound: Duration) {
        if let Some(audio) = &self.audio {
            let step = Duration::from_millis(10);
            let mut waited = Duration::ZERO;
            while !audio.is_idle() && waited < bound {
                thread::sleep(step);
                waited += step;
            }
        }
    }
}

impl<W: Write> Subscriber for SoundSink<'_, W> {
    fn notify(&mut self, settings: &Settings, events: &[Event]) -> io::Result<()> {
        if !settings.sound {
            return Ok(());
        }
        self.start(settings)?;
        if let (Some(audio), Some(cue)) = (&self.audio, cue_for_events(events)) {
            audio.play(cue, settings.volume.0);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Refusal;

    #[test]
    fn the_mixer_sums_and_clamps() {
        let mut mixer = Mixer::default();
        for _ in 0..3 {
            mixer.playing.push(Playing {
                samples: Arc::from(vec![0.5, 0.5]),
                pos: 0,
                gain: 1.0,
            });
        }
        assert_eq!(mixer.next(), 1.0);
        assert_eq!(mixer.next(), 1.0);
        assert_eq!(mixer.next(), 0.0);
        assert!(mixer.playing.is_empty());
    }

    #[test]
    fn without_a_device_sound_is_silent_and_said_once() {
        let announcer = Announcer::new();
        let settings = Settings {
            sound: true,
            ..Settings::default()
        };
        let mut notices = Vec::new();
        {
            let device = Some("alsa:no-such-device".to_string());
            let mut sink = SoundSink::new(&announcer, &mut notices, device);
            sink.start(&settings).expect("written");
            let refused = [Event::Refusal(Refused::Move(Refusal::GameOver))];
            sink.notify(&settings, &refused).expect("written");
            sink.notify(&settings, &refused).expect("written");
        }
        assert_eq!(
            String::from_utf8(notices).expect("utf-8"),
            "No sound device; annabella continues without sound cues.\n"
        );
    }

    #[test]
    fn refusals_buzz_and_game_ends_win() {
        let refused = Event::Refusal(Refused::Move(Refusal::GameOver));
        assert_eq!(cue_for_events(&[refused]), Some(Cue::Illegal));
        assert_eq!(
            cue_for_events(&[Event::Refusal(Refused::NothingToUndo)]),
            None
        );
    }

    #[test]
    fn a_review_ticks_as_it_goes_and_sounds_when_it_is_done() {
        use crate::event::{ReviewRefusal, SideTally, Summary};
        let progress = Event::Review(ReviewEvent::Progress(25));
        assert_eq!(cue_for_events(&[progress]), Some(Cue::Progress));
        let side = SideTally {
            inaccuracies: 0,
            mistakes: 0,
            blunders: 0,
            accuracy: Some(100),
        };
        let summary = Event::Review(ReviewEvent::Summary(Summary {
            opening: None,
            sides: shakmaty::ByColor::new_with(|_| side),
            turning_points: 0,
            missing: 0,
        }));
        assert_eq!(cue_for_events(&[summary]), Some(Cue::Reviewed));
        let busy = Event::Review(ReviewEvent::Refused(ReviewRefusal::Busy));
        assert_eq!(cue_for_events(&[busy]), Some(Cue::Illegal));
        let started = Event::Review(ReviewEvent::Started {
            positions: 6,
            engine: None,
        });
        assert_eq!(cue_for_events(&[started]), None);
    }
}
