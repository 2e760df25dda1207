//! Speech: the session's answers said aloud through the platform speech
//! service (the `tts` crate: Speech Dispatcher on Linux, SAPI or WinRT on
//! Windows, AVFoundation on macOS).
//!
//! Speech runs on a thread of its own, which alone creates and uses the
//! speech handle: a slow or hung speech service can never block input.
//! Creating the handle has a time limit ([`CREATE_TIMEOUT`]); after it
//! annabella says once, in text, that it goes on without speech. A new
//! answer interrupts one still being spoken, and answers that queued up
//! while the service was busy are dropped unspoken: they are stale.

use std::io::{self, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use crate::announce::{Announcer, Notice, Spoken};
use crate::event::Event;
use crate::io::Subscriber;
use crate::settings::{Lang, Setting, Settings, SpeechMode, VoiceName};

/// How long the speech service may take to answer at start.
pub const CREATE_TIMEOUT: Duration = Duration::from_secs(2);

/// How long annabella waits at the end for the last answer to be spoken.
pub const FINISH_TIMEOUT: Duration = Duration::from_secs(10);

/// A voice the speech service offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VoiceInfo {
    /// Its name, as the service spells it.
    pub name: String,
    /// Its language tag, such as `de` or `en-GB`.
    pub language: String,
}

/// What annabella needs from a speech service. Implemented by
/// [`TtsBackend`] for the real service and by recording backends in
/// tests and benchmarks.
pub trait SpeechBackend {
    /// The voices on offer.
    fn voices(&mut self) -> Vec<VoiceInfo>;
    /// Speaks with the voice of this name from now on.
    fn set_voice(&mut self, name: &str) -> Result<(), String>;
    /// Sets the rate, 0 (slowest) to 100 (fastest), 50 normal.
    fn set_rate(&mut self, rate: u8) -> Result<(), String>;
    /// Sets the volume, 0 to 100.
    fn set_volume(&mut self, volume: u8) -> Result<(), String>;
    /// Speaks `text`, first silencing what is spoken if `interrupt`.
    fn speak(&mut self, text: &str, interrupt: bool) -> Result<(), String>;
    /// Silences everything.
    fn stop(&mut self) -> Result<(), String>;
    /// Whether something is still being spoken.
    fn is_busy(&mut self) -> bool {
        false
    }
}

impl<B: SpeechBackend + ?Sized> SpeechBackend for Box<B> {
    fn voices(&mut self) -> Vec<VoiceInfo> {
        (**self).voices()
    }
    fn set_voice(&mut self, name: &str) -> Result<(), String> {
        (**self).set_voice(name)
    }
    fn set_rate(&mut self, rate: u8) -> Result<(), String> {
        (**self).set_rate(rate)
    }
    fn set_volume(&mut self, volume: u8) -> Result<(), String> {
        (**self).set_volume(volume)
    }
    fn speak(&mut self, text: &str, interrupt: bool) -> Result<(), String> {
        (**self).speak(text, interrupt)
    }
    fn stop(&mut self) -> Result<(), String> {
        (**self).stop()
    }
    fn is_busy(&mut self) -> bool {
        (**self).is_busy()
    }
}

/// The settings speech needs, copied out of [`Settings`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SpeechParams {
    /// The UI language.
    pub ui: Lang,
    /// Rate, 0 to 100.
    pub rate: u8,
    /// Volume, 0 to 100.
    pub volume: u8,
    /// The voice chosen by the player, or auto.
    pub voice: VoiceName,
}

impl From<&Settings> for SpeechParams {
    fn from(s: &Settings) -> Self {
        SpeechParams {
            ui: s.lang,
            rate: s.rate,
            volume: s.speech_volume,
            voice: s.voice,
        }
    }
}

/// Speaks answers on a backend, choosing a voice per utterance: German
/// move words with a German voice, the rest with a voice of the UI
/// language (or the voice the player chose).
pub struct Speaker<B: SpeechBackend> {
    backend: B,
    voices: Vec<VoiceInfo>,
    current: Option<String>,
    rate: Option<u8>,
    volume: Option<u8>,
}

impl<B: SpeechBackend> Speaker<B> {
    /// A speaker on `backend`, which is asked for its voices once.
    pub fn new(mut backend: B) -> Self {
        let voices = backend.voices();
        Speaker {
            backend,
            voices,
            current: None,
            rate: None,
            volume: None,
        }
    }

    /// The backend, for tests.
    pub fn backend(&self) -> &B {
        &self.backend
    }

    /// The voice for text in `lang`: the player's voice for the UI
    /// language, else the first voice of that language (a plain one
    /// before variants), else the voice for the UI language. `None`
    /// keeps the service's default.
    pub fn voice_for(&self, lang: Lang, params: &SpeechParams) -> Option<String> {
        if lang == params.ui && !params.voice.is_auto() {
            let wanted = params.voice.as_str();
            let by_name = self.voices.iter().find(|v| same_name(&v.name, wanted));
            if let Some(v) = by_name.or_else(|| self.by_language(wanted)) {
                return Some(v.name.clone());
            }
        }
        match self.by_language(lang.code()) {
            Some(v) => Some(v.name.clone()),
            None if lang != params.ui => self.voice_for(params.ui, params),
            None => None,
        }
    }

    fn by_language(&self, tag: &str) -> Option<&VoiceInfo> {
        let tag = tag.to_ascii_lowercase();
        // Among the many regional English voices, the standard ones.
        let preferred: &[&str] = match tag.as_str() {
            "en" => &["en-gb", "en-us"],
            "de" => &["de-de"],
            _ => &[],
        };
        let exact = |t: &str| {
            self.voices
                .iter()
                .filter(|v| v.language.eq_ignore_ascii_case(t))
                .min_by_key(|v| v.name.contains('+'))
        };
        if let Some(v) = std::iter::once(tag.as_str())
            .chain(preferred.iter().copied())
            .find_map(exact)
        {
            return Some(v);
        }
        let fits = |v: &&VoiceInfo| {
            let lang = v.language.to_ascii_lowercase();
            lang == tag || lang.starts_with(&format!("{tag}-"))
        };
        let plain = self
            .voices
            .iter()
            .filter(fits)
            .find(|v| !v.name.contains('+'));
        plain.or_else(|| self.voices.iter().find(fits))
    }

    /// Says `parts`, interrupting whatever is being said.
    pub fn say(&mut self, parts: &[Spoken], params: &SpeechParams) -> Result<(), String> {
        if self.rate != Some(params.rate) {
            self.backend.set_rate(params.rate)?;
            self.rate = Some(params.rate);
        }
        if self.volume != Some(params.volume) {
            self.backend.set_volume(params.volume)?;
            self.volume = Some(params.volume);
        }
        for (i, part) in parts.iter().enumerate() {
            let voice = self.voice_for(part.lang, params);
            if let Some(voice) = voice
                && self.current.as_ref() != Some(&voice)
            {
                // A voice the service refuses is no reason to stay silent.
                if self.backend.set_voice(&voice).is_ok() {
                    self.current = Some(voice);
                }
            }
            self.backend.speak(&part.text, i == 0)?;
        }
        Ok(())
    }

    /// Silences everything.
    pub fn stop(&mut self) -> Result<(), String> {
        self.backend.stop()
    }

    /// Waits until nothing is spoken any more, at most `bound`.
    pub fn wait_idle(&mut self, bound: Duration) {
        let start = Instant::now();
        while self.backend.is_busy() && start.elapsed() < bound {
            thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Voice names match ignoring case and spaces, since `set voice` takes
/// one word.
fn same_name(name: &str, wanted: &str) -> bool {
    let squash = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric() || *c == '+')
            .flat_map(char::to_lowercase)
            .collect()
    };
    squash(name) == squash(wanted)
}

enum Command {
    Say(Vec<Spoken>, SpeechParams),
    Stop,
    Finish(mpsc::Sender<()>, Duration),
}

/// Why speech could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpeechError {
    /// The service refused; the text says why.
    Failed(String),
    /// The service did not answer within [`CREATE_TIMEOUT`].
    Timeout,
}

/// The speech thread: answers go in, the thread speaks them.
#[derive(Debug)]
pub struct SpeechThread {
    tx: mpsc::Sender<Command>,
    failed: Arc<AtomicBool>,
}

impl SpeechThread {
    /// Starts the thread, which creates its backend with `make`. Returns
    /// once the backend is ready, or with an error after `timeout` (the
    /// thread is then left to itself and ends when creation returns).
    pub fn start<F, B>(make: F, timeout: Duration) -> Result<SpeechThread, SpeechError>
    where
        F: FnOnce() -> Result<B, String> + Send + 'static,
        B: SpeechBackend + 'static,
    {
        let (tx, rx) = mpsc::channel::<Command>();
        let (ready_tx, ready_rx) = mpsc::channel::<Result<(), String>>();
        let failed = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&failed);
        let spawned = thread::Builder::new()
            .name("annabella-speech".into())
            .spawn(move || {
                let ran = catch_unwind(AssertUnwindSafe(|| {
                    let backend = match make() {
                        Ok(b) => b,
                        Err(e) => {
                            let _ = ready_tx.send(Err(e));
                            return;
                        }
                    };
                    // Ready once connected: listing the voices can take
                    // longer than the creation limit (Speech Dispatcher
                    // with eSpeak NG offers over 13 000).
                    if ready_tx.send(Ok(())).is_ok() {
                        serve(Speaker::new(backend), &rx, &flag);
                    }
                }));
                if ran.is_err() {
                    flag.store(true, Ordering::SeqCst);
                }
            });
        if let Err(e) = spawned {
            return Err(SpeechError::Failed(e.to_string()));
        }
        match ready_rx.recv_timeout(timeout) {
            Ok(Ok(())) => Ok(SpeechThread { tx, failed }),
            Ok(Err(e)) => Err(SpeechError::Failed(e)),
            Err(mpsc::RecvTimeoutError::Timeout) => Err(SpeechError::Timeout),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                Err(SpeechError::Failed("speech thread ended".into()))
            }
        }
    }

    /// Hands `parts` to the thread; `false` if speech has failed.
    pub fn say(&self, parts: Vec<Spoken>, params: SpeechParams) -> bool {
        self.tx.send(Command::Say(parts, params)).is_ok() && self.is_alive()
    }

    /// Silences the service; `false` if speech has failed.
    pub fn stop(&self) -> bool {
        self.tx.send(Command::Stop).is_ok() && self.is_alive()
    }

    /// Whether the thread still works.
    pub fn is_alive(&self) -> bool {
        !self.failed.load(Ordering::SeqCst)
    }

    /// Waits until everything handed over so far has been spoken, at most
    /// `bound` (and a little for the thread to notice).
    pub fn finish(&self, bound: Duration) {
        let (ack_tx, ack_rx) = mpsc::channel();
        if self.tx.send(Command::Finish(ack_tx, bound)).is_ok() {
            let _ = ack_rx.recv_timeout(bound + Duration::from_secs(1));
        }
    }
}

/// The loop of the speech thread.
fn serve<B: SpeechBackend>(
    mut speaker: Speaker<B>,
    rx: &mpsc::Receiver<Command>,
    failed: &AtomicBool,
) {
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        batch.extend(rx.try_iter());
        // Only the newest answer (or silence) is worth saying; the rest
        // went stale while the service was busy.
        let newest = batch
            .iter()
            .rposition(|c| matches!(c, Command::Say(..) | Command::Stop));
        let mut finishes = Vec::new();
        for (i, command) in batch.into_iter().enumerate() {
            let result = match command {
                Command::Say(parts, params) if Some(i) == newest => speaker.say(&parts, &params),
                Command::Stop if Some(i) == newest => speaker.stop(),
                Command::Finish(ack, bound) => {
                    finishes.push((ack, bound));
                    Ok(())
                }
                _ => Ok(()),
            };
            if result.is_err() {
                failed.store(true, Ordering::SeqCst);
            }
        }
        for (ack, bound) in finishes {
            speaker.wait_idle(bound);
            let _ = ack.send(());
        }
    }
}

/// Makes a backend; called on the speech thread.
pub type BackendFactory = Arc<dyn Fn() -> Result<Box<dyn SpeechBackend>, String> + Send + Sync>;

/// Says every answer aloud while the setting `speech` is `on`. When the
/// service cannot be reached it says so, in text, and goes on.
pub struct SpeechSink<'a, W: Write> {
    announcer: &'a Announcer,
    notices: W,
    factory: BackendFactory,
    thread: Option<SpeechThread>,
    timeout: Duration,
}

impl<'a, W: Write> SpeechSink<'a, W> {
    /// Speech through backends made by `factory`; notices to `notices`.
    pub fn new(announcer: &'a Announcer, notices: W, factory: BackendFactory) -> Self {
        SpeechSink {
            announcer,
            notices,
            factory,
            thread: None,
            timeout: CREATE_TIMEOUT,
        }
    }

    /// Whether speech is running.
    pub fn is_running(&self) -> bool {
        self.thread.as_ref().is_some_and(SpeechThread::is_alive)
    }

    /// Starts speech if the settings want it and it is not running; says
    /// once in text when the service does not answer.
    pub fn start(&mut self, settings: &Settings) -> io::Result<()> {
        if settings.speech != SpeechMode::On || self.thread.is_some() {
            return Ok(());
        }
        let factory = Arc::clone(&self.factory);
        match SpeechThread::start(move || factory(), self.timeout) {
            Ok(thread) => self.thread = Some(thread),
            Err(_) => self.say_notice(settings, Notice::SpeechUnavailable)?,
        }
        Ok(())
    }

    /// Waits, at most `bound`, until the last answer has been spoken.
    pub fn finish(&self, bound: Duration) {
        if let Some(thread) = &self.thread {
            thread.finish(bound);
        }
    }

    fn say_notice(&mut self, settings: &Settings, notice: Notice) -> io::Result<()> {
        let line = self.announcer.notice(settings, notice);
        writeln!(self.notices, "{line}")?;
        self.notices.flush()
    }

    fn lost(&mut self, settings: &Settings) -> io::Result<()> {
        self.thread = None;
        self.say_notice(settings, Notice::SpeechLost)
    }
}

impl<W: Write> Subscriber for SpeechSink<'_, W> {
    fn notify(&mut self, settings: &Settings, events: &[Event]) -> io::Result<()> {
        for event in events {
            match event {
                Event::SettingChanged(Setting::Speech(SpeechMode::On)) => self.start(settings)?,
                Event::SettingChanged(Setting::Speech(_)) => {
                    if let Some(thread) = &self.thread
                        && !thread.stop()
                    {
                        self.lost(settings)?;
                    }
                }
                _ => {}
            }
        }
        if settings.speech != SpeechMode::On {
            return Ok(());
        }
        let Some(thread) = &self.thread else {
            return Ok(());
        };
        let parts: Vec<Spoken> = events
            .iter()
            .flat_map(|e| self.announcer.spoken(settings, e))
            .collect();
        if !parts.is_empty() && !thread.say(parts, SpeechParams::from(settings)) {
            self.lost(settings)?;
        }
        Ok(())
    }
}

/// The platform speech service through the `tts` crate. Lives on the
/// speech thread only.
///
/// Changing the voice through `tts` lists every voice of the service
/// first, which takes over a second with Speech Dispatcher and eSpeak NG;
/// switching between a German and an English voice for every announcement
/// that way would make speech lag far behind. So each voice gets its own
/// connection, set up once, and an utterance goes to the connection of
/// its voice; the service speaks them in the order they arrive.
pub struct TtsBackend {
    /// Connections: the voice set on each (`None`: the service default).
    voices: Vec<(Option<String>, Channel)>,
    /// The service's voices, listed once: every listing is slow.
    offered: Vec<tts::Voice>,
    current: usize,
    rate: Option<u8>,
    volume: Option<u8>,
}

struct Channel {
    tts: tts::Tts,
    sent: Arc<AtomicU64>,
    done: Arc<AtomicU64>,
}

impl Channel {
    fn open() -> Result<Channel, String> {
        let tts = tts::Tts::default().map_err(|e| e.to_string())?;
        let sent = Arc::new(AtomicU64::new(0));
        let done = Arc::new(AtomicU64::new(0));
        if tts.supported_features().utterance_callbacks {
            for end in [true, false] {
                let done = Arc::clone(&done);
                let callback: Box<dyn FnMut(tts::UtteranceId)> = Box::new(move |id| {
                    if let Some(n) = utterance_number(&id) {
                        done.fetch_max(n, Ordering::SeqCst);
                    }
                });
                let _ = if end {
                    tts.on_utterance_end(Some(callback))
                } else {
                    tts.on_utterance_stop(Some(callback))
                };
            }
        }
        Ok(Channel { tts, sent, done })
    }

    fn set_rate(&mut self, rate: u8) -> Result<(), String> {
        if !self.tts.supported_features().rate {
            return Ok(());
        }
        let (min, normal, max) = (
            self.tts.min_rate(),
            self.tts.normal_rate(),
            self.tts.max_rate(),
        );
        self.tts
            .set_rate(TtsBackend::scale(rate, min, normal, max))
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn set_volume(&mut self, volume: u8) -> Result<(), String> {
        if !self.tts.supported_features().volume {
            return Ok(());
        }
        let (min, max) = (self.tts.min_volume(), self.tts.max_volume());
        let v = min + (max - min) * f32::from(volume.min(100)) / 100.0;
        self.tts
            .set_volume(v)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn is_busy(&self) -> bool {
        let sent = self.sent.load(Ordering::SeqCst);
        if sent > 0 {
            self.done.load(Ordering::SeqCst) < sent
        } else {
            self.tts.is_speaking().unwrap_or(false)
        }
    }
}

impl TtsBackend {
    /// Connects to the platform's speech service.
    pub fn new() -> Result<TtsBackend, String> {
        Ok(TtsBackend {
            voices: vec![(None, Channel::open()?)],
            offered: Vec::new(),
            current: 0,
            rate: None,
            volume: None,
        })
    }

    /// Maps 0–100 (50 the middle) onto the backend's range.
    fn scale(value: u8, min: f32, normal: f32, max: f32) -> f32 {
        let v = f32::from(value.min(100));
        if v <= 50.0 {
            min + (normal - min) * v / 50.0
        } else {
            normal + (max - normal) * (v - 50.0) / 50.0
        }
    }

    fn channels(&mut self) -> impl Iterator<Item = &mut Channel> {
        self.voices.iter_mut().map(|(_, c)| c)
    }
}

/// The number of an utterance, where the service numbers them in order.
#[cfg(target_os = "linux")]
fn utterance_number(id: &tts::UtteranceId) -> Option<u64> {
    let tts::UtteranceId::SpeechDispatcher(n) = id;
    Some(*n)
}

/// Elsewhere the service's own "speaking" flag has to do.
#[cfg(not(target_os = "linux"))]
fn utterance_number(_id: &tts::UtteranceId) -> Option<u64> {
    None
}

impl SpeechBackend for TtsBackend {
    fn voices(&mut self) -> Vec<VoiceInfo> {
        let tts = &self.voices[0].1.tts;
        if !tts.supported_features().voice {
            return Vec::new();
        }
        self.offered = tts.voices().unwrap_or_default();
        self.offered
            .iter()
            .map(|v| VoiceInfo {
                name: v.name(),
                language: v.language().to_string(),
            })
            .collect()
    }

    fn set_voice(&mut self, name: &str) -> Result<(), String> {
        if let Some(i) = self
            .voices
            .iter()
            .position(|(v, _)| v.as_deref() == Some(name))
        {
            self.current = i;
            return Ok(());
        }
        // The first voice asked for goes to the first connection; later
        // ones get their own.
        let mut channel = if self.voices.len() == 1 && self.voices[0].0.is_none() {
            self.voices.remove(0).1
        } else {
            Channel::open()?
        };
        let result = match self.offered.iter().find(|v| v.name() == name) {
            Some(v) => channel.tts.set_voice(v).map_err(|e| e.to_string()),
            None => Err(format!("no voice {name}")),
        };
        if let Some(rate) = self.rate {
            channel.set_rate(rate)?;
        }
        if let Some(volume) = self.volume {
            channel.set_volume(volume)?;
        }
        let voice = result.is_ok().then(|| name.to_string());
        self.voices.push((voice, channel));
        self.current = self.voices.len() - 1;
        result
    }

    fn set_rate(&mut self, rate: u8) -> Result<(), String> {
        self.rate = Some(rate);
        self.channels().try_for_each(|c| c.set_rate(rate))
    }

    fn set_volume(&mut self, volume: u8) -> Result<(), String> {
        self.volume = Some(volume);
        self.channels().try_for_each(|c| c.set_volume(volume))
    }

    fn speak(&mut self, text: &str, interrupt: bool) -> Result<(), String> {
        if interrupt {
            self.stop()?;
        }
        let index = self.current.min(self.voices.len() - 1);
        let channel = &mut self.voices[index].1;
        let id = channel.tts.speak(text, false).map_err(|e| e.to_string())?;
        if let Some(n) = id.as_ref().and_then(utterance_number) {
            channel.sent.fetch_max(n, Ordering::SeqCst);
        }
        Ok(())
    }

    fn stop(&mut self) -> Result<(), String> {
        for channel in self.channels() {
            if channel.tts.supported_features().stop {
                channel.tts.stop().map(|_| ()).map_err(|e| e.to_string())?;
            }
        }
        Ok(())
    }

    fn is_busy(&mut self) -> bool {
        self.voices.iter().any(|(_, c)| c.is_busy())
    }
}

/// The factory for the platform's speech service.
pub fn platform_backend() -> BackendFactory {
    Arc::new(|| TtsBackend::new().map(|b| Box::new(b) as Box<dyn SpeechBackend>))
}

/// One call a [`RecordingBackend`] received.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Call {
    /// `set_voice`.
    Voice(String),
    /// `set_rate`.
    Rate(u8),
    /// `set_volume`.
    Volume(u8),
    /// `speak`: the text and whether it interrupted.
    Speak(String, bool),
    /// `stop`.
    Stop,
}

/// A backend that records its calls instead of speaking, for tests and
/// benchmarks; it offers an English and a German voice (and variants).
#[derive(Clone, Debug, Default)]
pub struct RecordingBackend {
    /// The calls so far.
    pub calls: Arc<std::sync::Mutex<Vec<Call>>>,
    /// Told the text of every `speak`, if set.
    pub spoken: Option<mpsc::Sender<String>>,
    /// The voices offered; empty means the default English and German.
    pub voices: Vec<VoiceInfo>,
}

impl RecordingBackend {
    fn record(&self, call: Call) {
        if let Ok(mut calls) = self.calls.lock() {
            calls.push(call);
        }
    }
}

impl SpeechBackend for RecordingBackend {
    fn voices(&mut self) -> Vec<VoiceInfo> {
        if !self.voices.is_empty() {
            return self.voices.clone();
        }
        [
            ("English (Great Britain)", "en-GB"),
            ("English (Great Britain)+Adam", "en-GB"),
            ("German+Adam", "de"),
            ("German", "de"),
        ]
        .iter()
        .map(|(name, language)| VoiceInfo {
            name: name.to_string(),
            language: language.to_string(),
        })
        .collect()
    }
    fn set_voice(&mut self, name: &str) -> Result<(), String> {
        self.record(Call::Voice(name.to_string()));
        Ok(())
    }
    fn set_rate(&mut self, rate: u8) -> Result<(), String> {
        self.record(Call::Rate(rate));
        Ok(())
    }
    fn set_volume(&mut self, volume: u8) -> Result<(), String> {
        self.record(Call::Volume(volume));
        Ok(())
    }
    fn speak(&mut self, text: &str, interrupt: bool) -> Result<(), String> {
        self.record(Call::Speak(text.to_string(), interrupt));
        if let Some(tx) = &self.spoken {
            let _ = tx.send(text.to_string());
        }
        Ok(())
    }
    fn stop(&mut self) -> Result<(), String> {
        self.record(Call::Stop);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;
    use crate::session::Session;
    use crate::settings::Style;

    fn settings(lang: Lang) -> Settings {
        Settings {
            lang,
            speech: SpeechMode::On,
            ..Settings::default()
        }
    }

    fn speaks(calls: &[Call]) -> Vec<(String, bool)> {
        calls
            .iter()
            .filter_map(|c| match c {
                Call::Speak(t, i) => Some((t.clone(), *i)),
                _ => None,
            })
            .collect()
    }

    /// A session whose answers go to a recording backend through the
    /// real speech thread; returns the calls after every line was said.
    fn run(settings: Settings, lines: &[&str]) -> (Vec<Call>, Vec<u8>) {
        let announcer = Announcer::new();
        let backend = RecordingBackend::default();
        let calls = Arc::clone(&backend.calls);
        let factory: BackendFactory =
            Arc::new(move || Ok(Box::new(backend.clone()) as Box<dyn SpeechBackend>));
        let mut notices = Vec::new();
        {
            let mut sink = SpeechSink::new(&announcer, &mut notices, factory);
            sink.start(&settings).expect("notices written");
            let mut session = Session::new(Game::new(), settings);
            for line in lines {
                let events = session.handle_line(line);
                sink.notify(session.settings(), &events)
                    .expect("notices written");
                // One line at a time, as a person types: no answer may
                // go stale here.
                sink.finish(Duration::from_secs(5));
            }
        }
        let calls = calls.lock().map(|c| c.clone()).unwrap_or_default();
        (calls, notices)
    }

    #[test]
    fn a_new_answer_interrupts_the_old_one() {
        let (calls, notices) = run(settings(Lang::De), &["e4", "e5"]);
        assert!(notices.is_empty());
        assert_eq!(
            speaks(&calls),
            vec![
                ("1. Weiß: Bauer Eva vier".to_string(), true),
                ("1. Schwarz: Bauer Eva fünf".to_string(), true),
            ]
        );
    }

    #[test]
    fn stale_answers_are_dropped_and_the_newest_interrupts() {
        let mut speaker = Speaker::new(RecordingBackend::default());
        let (tx, rx) = mpsc::channel();
        let params = SpeechParams::from(&settings(Lang::En));
        let say = |text: &str| {
            Command::Say(
                vec![Spoken {
                    text: text.into(),
                    lang: Lang::En,
                }],
                params,
            )
        };
        tx.send(say("old")).expect("open");
        tx.send(say("older than new")).expect("open");
        tx.send(say("new")).expect("open");
        drop(tx);
        let failed = AtomicBool::new(false);
        speaker.say(&[], &params).expect("records");
        let calls = Arc::clone(&speaker.backend().calls);
        serve(speaker, &rx, &failed);
        let calls = calls.lock().map(|c| c.clone()).unwrap_or_default();
        assert_eq!(speaks(&calls), vec![("new".to_string(), true)]);
    }

    #[test]
    fn repeat_says_the_last_answer_again() {
        let (calls, _) = run(settings(Lang::En), &["e4", "board?", "e4?", "repeat", "r"]);
        let said = speaks(&calls);
        let last = said.len();
        assert!(last >= 4, "{said:?}");
        assert_eq!(said[last - 1], said[last - 2]);
        assert_eq!(said[last - 1], ("Eva vier: white pawn.".to_string(), true));
    }

    #[test]
    fn fide_move_words_get_a_german_voice_the_rest_the_ui_voice() {
        let (calls, _) = run(settings(Lang::En), &["Nf3", "xyzzy"]);
        let expected = [
            Call::Rate(50),
            Call::Volume(100),
            Call::Voice("English (Great Britain)".into()),
            Call::Speak("1. White:".into(), true),
            Call::Voice("German".into()),
            Call::Speak("Springer Felix drei".into(), false),
            Call::Voice("English (Great Britain)".into()),
            Call::Speak(
                "Not understood: xyzzy. Type help for the commands.".into(),
                true,
            ),
        ];
        assert_eq!(calls, expected);
    }

    #[test]
    fn history_and_undo_split_the_languages_too() {
        let (calls, _) = run(settings(Lang::En), &["e4", "e5", "history", "undo"]);
        let said = speaks(&calls);
        let tail: Vec<(&str, bool)> = said[said.len() - 5..]
            .iter()
            .map(|(t, i)| (t.as_str(), *i))
            .collect();
        // Commas and full stops between the parts are no words and are
        // dropped; each answer's first part interrupts.
        assert_eq!(
            tail,
            [
                ("1.", true),
                ("Bauer Eva vier", false),
                ("Bauer Eva fünf", false),
                ("Taken back:", true),
                ("Bauer Eva fünf", false),
            ]
        );
    }

    #[test]
    fn san_style_speaks_everything_in_the_ui_language() {
        let mut s = settings(Lang::En);
        s.style = Style::San;
        let (calls, _) = run(s, &["Nf3"]);
        assert!(calls.contains(&Call::Speak("1. White: Nf3".into(), true)));
        assert!(!calls.contains(&Call::Voice("German".into())));
    }

    #[test]
    fn without_a_german_voice_the_ui_voice_says_the_moves() {
        let backend = RecordingBackend {
            voices: vec![VoiceInfo {
                name: "English".into(),
                language: "en".into(),
            }],
            ..RecordingBackend::default()
        };
        let speaker = Speaker::new(backend);
        let params = SpeechParams::from(&settings(Lang::En));
        assert_eq!(speaker.voice_for(Lang::De, &params), Some("English".into()));
    }

    #[test]
    fn standard_regional_voices_come_before_others() {
        let voice = |name: &str, language: &str| VoiceInfo {
            name: name.into(),
            language: language.into(),
        };
        let backend = RecordingBackend {
            voices: vec![
                voice("English (Caribbean)", "en-029"),
                voice("English (America)+Max", "en-us"),
                voice("English (America)", "en-us"),
                voice("German+Anna", "de"),
            ],
            ..RecordingBackend::default()
        };
        let speaker = Speaker::new(backend);
        let params = SpeechParams::from(&settings(Lang::En));
        assert_eq!(
            speaker.voice_for(Lang::En, &params),
            Some("English (America)".into())
        );
        assert_eq!(
            speaker.voice_for(Lang::De, &params),
            Some("German+Anna".into())
        );
    }

    #[test]
    fn a_chosen_voice_is_found_by_name_or_language() {
        let speaker = Speaker::new(RecordingBackend::default());
        let mut s = settings(Lang::En);
        s.voice = VoiceName::new("english_(great_britain)+adam").expect("short name");
        let params = SpeechParams::from(&s);
        assert_eq!(
            speaker.voice_for(Lang::En, &params),
            Some("English (Great Britain)+Adam".into())
        );
        assert_eq!(speaker.voice_for(Lang::De, &params), Some("German".into()));
        s.voice = VoiceName::new("de").expect("short name");
        let params = SpeechParams::from(&s);
        assert_eq!(speaker.voice_for(Lang::En, &params), Some("German".into()));
    }

    #[test]
    fn speech_off_and_screenreader_say_nothing() {
        let (calls, _) = run(settings(Lang::En), &["set speech screenreader", "e4"]);
        assert!(calls.contains(&Call::Stop));
        assert!(!speaks(&calls).iter().any(|(t, _)| t.contains("Eva")));
    }

    #[test]
    fn a_backend_that_cannot_start_is_reported_once() {
        let announcer = Announcer::new();
        let factory: BackendFactory = Arc::new(|| Err("no service".to_string()));
        let mut notices = Vec::new();
        let s = settings(Lang::En);
        {
            let mut sink = SpeechSink::new(&announcer, &mut notices, factory);
            sink.start(&s).expect("written");
            sink.notify(&s, &[Event::NothingToUndo]).expect("written");
            assert!(!sink.is_running());
        }
        let text = String::from_utf8(notices).expect("utf-8");
        assert_eq!(
            text,
            "No speech service answered; annabella continues without speech.\n"
        );
    }

    #[test]
    fn a_hung_backend_times_out() {
        let (_keep, hold) = mpsc::channel::<()>();
        let hold = std::sync::Mutex::new(hold);
        let started = SpeechThread::start(
            move || {
                let _ = hold.lock().map(|h| h.recv());
                Ok(RecordingBackend::default())
            },
            Duration::from_millis(50),
        );
        assert_eq!(started.err(), Some(SpeechError::Timeout));
    }

    #[test]
    fn rates_scale_around_the_normal_rate() {
        assert_eq!(TtsBackend::scale(0, -100.0, 0.0, 100.0), -100.0);
        assert_eq!(TtsBackend::scale(50, -100.0, 0.0, 100.0), 0.0);
        assert_eq!(TtsBackend::scale(100, 0.1, 1.0, 10.0), 10.0);
    }
}
