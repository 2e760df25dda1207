//! The listening thread: sound from the microphone (or a recording, in
//! real time) through the voice-activity detector into the recogniser,
//! and what was heard out as a [`Report`]. The session says what to
//! listen for ([`Moment`]); its phrases are made here.
//!
//! Each utterance is heard against the latest moment the session sent,
//! without waiting for the session's answer to the one before: the
//! session's answer (and its next moment) comes within a step, long
//! before the player can have said the next line. While annabella
//! speaks, and for [`TAIL`](crate::io::gate::TAIL) after, the sound is
//! not listened to: speakers feed the microphone.
//!
//! The recogniser's models are loaded here, on this thread, when
//! listening starts: sound that comes meanwhile waits in the capture's
//! channel.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use super::recognise::{Plan, Recogniser};
use crate::event::{Heard, Meaning, VoiceFault, VoiceTrouble};
use crate::input::grammar::Moment;
use crate::io::gate::Gate;
use crate::io::mic::{Capture, Vad, VadConfig, VadEvent, device_trouble, file_trouble};

/// What the listening thread reports.
#[derive(Clone, Debug, PartialEq)]
pub enum Report {
    /// An utterance, as heard.
    Heard(Heard),
    /// Voice input cannot be had (any more); the thread has ended.
    Trouble(VoiceTrouble),
}

/// How long an utterance that fits nothing waits for more words: a
/// player pausing between words ("Springer … Felix drei") is heard
/// whole, and only what still fits nothing then is "not understood".
/// Counted in sound, not on the clock: when the recogniser falls behind
/// (a slow model, a busy machine), utterances queued one after another
/// are still apart by the pauses that were spoken.
const HOLD_MS: u64 = 700;

/// [`HOLD_MS`] in samples at the capture's rate.
const HOLD: u64 = HOLD_MS * crate::io::mic::RATE as u64 / 1000;

/// Where the sound comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A microphone: the default one, or the one named.
    Microphone(Option<String>),
    /// A recording played in real time as the microphone.
    File(PathBuf),
}

enum Control {
    Moment(Option<Box<Moment>>),
}

/// The listening thread; dropping it stops listening.
pub struct Listener {
    control: Sender<Control>,
    thread: Option<JoinHandle<()>>,
}

impl Listener {
    /// Starts listening to `source` with the models of `plan`; what is
    /// heard goes to `send`. Returns once the microphone is open, or
    /// with why it is not (no microphone, one that would not open), so
    /// that whoever asked hears at once whether annabella listens. The
    /// models load after (a second or so): a broken one, a trouble
    /// later (the microphone unplugged, a recording's end) is sent as
    /// [`Report::Trouble`], and the thread ends.
    pub fn start(
        source: Source,
        plan: Plan,
        gate: Gate,
        send: impl Fn(Report) + Send + 'static,
    ) -> Result<Listener, VoiceTrouble> {
        let (control, orders) = mpsc::channel();
        let (ready_tx, ready) = mpsc::channel();
        let thread = thread::Builder::new()
            .name("annabella-listen".into())
            .spawn(move || {
                let capture = match capture(&source) {
                    Ok(capture) => {
                        let _ = ready_tx.send(Ok(()));
                        capture
                    }
                    Err(trouble) => {
                        let _ = ready_tx.send(Err(trouble));
                        return;
                    }
                };
                let recogniser = match Recogniser::load(&plan) {
                    Ok(r) => r,
                    Err(trouble) => return send(Report::Trouble(trouble)),
                };
                let ear = Ear {
                    recogniser,
                    capture,
                    vad: Vad::new(VadConfig::default()),
                    send: &send,
                    listening: false,
                    current: None,
                    held: None,
                    taken: 0,
                };
                if let Err(trouble) = listen(ear, &source, &gate, &orders) {
                    send(Report::Trouble(trouble));
                }
            })
            .map_err(|_| VoiceTrouble::Failed(VoiceFault::NoThread))?;
        // Opening the microphone gives up after its own timeout; a thread
        // that ended without a word failed.
        ready
            .recv()
            .unwrap_or(Err(VoiceTrouble::Failed(VoiceFault::Recogniser)))?;
        Ok(Listener {
            control,
            thread: Some(thread),
        })
    }

    /// What to listen for now, or nothing (`None`: the sound is dropped).
    pub fn listen(&self, moment: Option<Box<Moment>>) {
        let _ = self.control.send(Control::Moment(moment));
    }

    /// Whether the thread still runs.
    pub fn is_alive(&self) -> bool {
        self.thread.as_ref().is_some_and(|t| !t.is_finished())
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        // The thread ends when the control channel closes; it is not
        // joined, as a sound card read may take its time.
        let _ = self.thread.take();
    }
}

fn capture(source: &Source) -> Result<Capture, VoiceTrouble> {
    let result = match source {
        Source::Microphone(name) => Capture::open(name.as_deref()),
        Source::File(path) => Capture::from_file(path, true),
    };
    result.map_err(|e| match (file_trouble(&e), source) {
        (Some(why), Source::File(path)) => VoiceTrouble::Recording(path.display().to_string(), why),
        _ => device_trouble(&e),
    })
}

/// The state of one listening thread.
struct Ear<'a> {
    recogniser: Recogniser,
    capture: Capture,
    vad: Vad,
    send: &'a dyn Fn(Report),
    /// Whether a moment is listened for (not paused).
    listening: bool,
    /// The utterance under way: its sound.
    current: Option<Vec<i16>>,
    /// An utterance that fitted nothing, waiting [`HOLD`] for more
    /// words: its sound, the sample it ended at, and what it was heard
    /// as alone.
    held: Option<(Vec<i16>, u64, Heard)>,
    /// Samples taken from the capture so far: the sound's own clock.
    taken: u64,
}

fn listen(
    mut ear: Ear<'_>,
    source: &Source,
    gate: &Gate,
    orders: &Receiver<Control>,
) -> Result<(), VoiceTrouble> {
    let mut events = Vec::new();
    loop {
        if !ear.take_orders(orders) {
            return Ok(());
        }
        ear.let_go_of_held(false);
        let chunk = match ear
            .capture
            .receiver()
            .recv_timeout(Duration::from_millis(20))
        {
            Ok(chunk) => chunk,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => {
                ear.vad.finish(&mut events);
                ear.take(&mut events, orders);
                ear.let_go_of_held(true);
                return Err(match source {
                    Source::File(_) => VoiceTrouble::Ended,
                    Source::Microphone(_) => VoiceTrouble::Failed(VoiceFault::Stopped),
                });
            }
        };
        ear.taken += chunk.len() as u64;
        if !ear.listening || gate.shut() {
            ear.vad.reset();
            ear.current = None;
            continue;
        }
        ear.vad.push(&chunk, &mut events);
        ear.take(&mut events, orders);
    }
}

impl Ear<'_> {
    /// The session's latest moment: its phrases made ready. `false` when
    /// the session has gone.
    fn take_orders(&mut self, orders: &Receiver<Control>) -> bool {
        let mut latest = None;
        loop {
            match orders.try_recv() {
                Ok(Control::Moment(moment)) => latest = Some(moment),
                Err(mpsc::TryRecvError::Empty) => break,
                Err(mpsc::TryRecvError::Disconnected) => return false,
            }
        }
        match latest {
            Some(Some(moment)) => {
                // The same moment again (the session re-sends it after an
                // utterance) keeps the phrases made.
                if self.recogniser.moment() != Some(moment.serial) {
                    self.recogniser.prepare(&moment);
                }
                self.listening = true;
            }
            Some(None) => {
                self.listening = false;
                self.current = None;
                self.held = None;
            }
            None => {}
        }
        true
    }

    /// An utterance held for more words goes out as it was heard alone
    /// once [`HOLD`] has passed without them (or at once, at the end).
    fn let_go_of_held(&mut self, now: bool) {
        let due = self
            .held
            .as_ref()
            .is_some_and(|(_, ended, _)| now || self.taken - ended >= HOLD);
        if due
            && self.current.is_none()
            && let Some((_, _, heard)) = self.held.take()
        {
            (self.send)(Report::Heard(heard));
        }
    }

    /// The detector's events: sound into the utterance, its end heard.
    fn take(&mut self, events: &mut Vec<VadEvent>, orders: &Receiver<Control>) {
        for event in events.drain(..) {
            match event {
                VadEvent::Start { preroll, .. } => {
                    // More words after a pause: heard with what came before.
                    let mut sound = match self.held.take() {
                        Some((before, ended, _)) if self.taken - ended < HOLD => before,
                        Some((_, _, heard)) => {
                            (self.send)(Report::Heard(heard));
                            Vec::new()
                        }
                        None => Vec::new(),
                    };
                    sound.extend_from_slice(&preroll);
                    self.current = Some(sound);
                }
                VadEvent::Audio(sound) => {
                    if let Some(all) = &mut self.current {
                        all.extend_from_slice(&sound);
                    }
                }
                VadEvent::End { .. } => {
                    let Some(all) = self.current.take() else {
                        continue;
                    };
                    // Heard against the latest moment there is.
                    let _ = self.take_orders(orders);
                    if !self.listening {
                        continue;
                    }
                    let heard = self.recogniser.hear(&all).heard;
                    if matches!(heard.meaning, Meaning::Nothing) {
                        self.held = Some((all, self.taken, heard));
                    } else {
                        (self.send)(Report::Heard(heard));
                    }
                }
            }
        }
    }
}
