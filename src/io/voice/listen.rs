//! The listening thread: sound from the microphone (or a recording, in
//! real time) through the voice-activity detector into the recogniser,
//! and what was heard out as a [`Report`]. The session says what to
//! listen for ([`Moment`]); the grammar is made here, where the words
//! the recogniser can pronounce are known.
//!
//! After an utterance is sent the thread waits for the session's next
//! moment before it decodes the next one (buffering the sound meanwhile),
//! so that the "ja" after a read-back is heard with the question's
//! grammar however fast the sound arrives. While annabella speaks, and
//! for [`TAIL`](crate::io::gate::TAIL) after, the sound is not listened to: speakers feed the
//! microphone.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use super::recognise::{Model, Recogniser};
use crate::event::VoiceFault;
use crate::event::{Heard, VoiceTrouble};
use crate::input::grammar::Moment;
use crate::input::grammar::{Understood, grammar, understand};
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

/// The hangover while the words so far are not yet a whole line
/// ("Springer …"): a player pausing between words is not cut off.
const HANGOVER_INCOMPLETE_MS: u32 = 700;

/// How long the thread waits for the session's next moment before it
/// goes on with the grammar it has.
const ACK_TIMEOUT: Duration = Duration::from_secs(2);

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
    /// Starts listening to `source`; what is heard goes to `send`.
    /// Returns once the recogniser and the microphone are there, or with
    /// why they are not (no model, no microphone, one that would not
    /// open), so that whoever asked hears at once whether annabella
    /// listens. A trouble later (the microphone unplugged, a recording's
    /// end) is sent as [`Report::Trouble`], and the thread ends.
    pub fn start(
        source: Source,
        gate: Gate,
        send: impl Fn(Report) + Send + 'static,
    ) -> Result<Listener, VoiceTrouble> {
        let (control, orders) = mpsc::channel();
        let (ready_tx, ready) = mpsc::channel();
        let thread = thread::Builder::new()
            .name("annabella-listen".into())
            .spawn(move || {
                let ear = match open(&source, &send) {
                    Ok(ear) => {
                        let _ = ready_tx.send(Ok(()));
                        ear
                    }
                    Err(trouble) => {
                        let _ = ready_tx.send(Err(trouble));
                        return;
                    }
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
    /// What is listened for; `None`: nothing (paused).
    moment: Option<Box<Moment>>,
    /// Waiting for the session's moment after an utterance, since when.
    awaiting: Option<Instant>,
    /// The utterance under way: its sound, and how much of it the
    /// recogniser has had.
    current: Option<(Vec<i16>, usize)>,
    /// Utterances ended while the session's moment was awaited.
    waiting: VecDeque<Vec<i16>>,
    /// Sound since the last look at the words so far.
    since_look: usize,
}

/// The recogniser and the sound: what listening needs before it begins.
fn open<'a>(source: &Source, send: &'a dyn Fn(Report)) -> Result<Ear<'a>, VoiceTrouble> {
    let model = Model::find().ok_or(VoiceTrouble::NoModel)?;
    let recogniser =
        Recogniser::new(&model).map_err(|_| VoiceTrouble::Failed(VoiceFault::Recogniser))?;
    let capture = capture(source)?;
    Ok(Ear {
        recogniser,
        capture,
        vad: Vad::new(VadConfig::default()),
        send,
        moment: None,
        awaiting: None,
        current: None,
        waiting: VecDeque::new(),
        since_look: 0,
    })
}

fn listen(
    mut ear: Ear<'_>,
    source: &Source,
    gate: &Gate,
    orders: &Receiver<Control>,
) -> Result<(), VoiceTrouble> {
    let mut events = Vec::new();
    loop {
        loop {
            match orders.try_recv() {
                Ok(Control::Moment(moment)) => ear.moment_given(moment)?,
                Err(mpsc::TryRecvError::Empty) => break,
                Err(mpsc::TryRecvError::Disconnected) => return Ok(()),
            }
        }
        if ear
            .awaiting
            .is_some_and(|since| since.elapsed() > ACK_TIMEOUT)
        {
            ear.awaiting = None;
            ear.decode_waiting();
        }
        let chunk = match ear
            .capture
            .receiver()
            .recv_timeout(Duration::from_millis(20))
        {
            Ok(chunk) => chunk,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => {
                ear.vad.finish(&mut events);
                ear.take(&mut events);
                ear.drain(orders)?;
                return Err(match source {
                    Source::File(_) => VoiceTrouble::Ended,
                    Source::Microphone(_) => VoiceTrouble::Failed(VoiceFault::Stopped),
                });
            }
        };
        if ear.moment.is_none() || gate.shut() {
            ear.vad.reset();
            ear.current = None;
            continue;
        }
        ear.vad.push(&chunk, &mut events);
        ear.take(&mut events);
    }
}

impl Ear<'_> {
    /// The session's moment: a new grammar, and the end of waiting.
    fn moment_given(&mut self, moment: Option<Box<Moment>>) -> Result<(), VoiceTrouble> {
        if let Some(m) = &moment {
            let recogniser = &self.recogniser;
            let g = grammar(&m.game, &m.answers, m.lang, &|w| recogniser.knows(w));
            self.recogniser
                .set_grammar(&g)
                .map_err(|_| VoiceTrouble::Failed(VoiceFault::Recogniser))?;
        } else {
            self.current = None;
            self.waiting.clear();
        }
        self.moment = moment;
        self.awaiting = None;
        self.decode_waiting();
        // An utterance under way is streamed from now on.
        if self.awaiting.is_none()
            && let Some((sound, fed)) = &mut self.current
        {
            self.recogniser.start();
            self.recogniser.feed(sound);
            *fed = sound.len();
        }
        Ok(())
    }

    /// Decodes the utterances that ended while the moment was awaited,
    /// until one is sent (and the next moment awaited again).
    fn decode_waiting(&mut self) {
        while self.awaiting.is_none() && self.moment.is_some() {
            let Some(sound) = self.waiting.pop_front() else {
                break;
            };
            self.recogniser.start();
            self.recogniser.feed(&sound);
            self.heard();
        }
    }

    /// At the end of the sound: what is left is decoded, each utterance
    /// still with the session's answer to the one before.
    fn drain(&mut self, orders: &Receiver<Control>) -> Result<(), VoiceTrouble> {
        while !self.waiting.is_empty() && self.moment.is_some() {
            match orders.recv_timeout(ACK_TIMEOUT) {
                Ok(Control::Moment(moment)) => self.moment_given(moment)?,
                Err(RecvTimeoutError::Timeout) => {
                    self.awaiting = None;
                    self.decode_waiting();
                }
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
        Ok(())
    }

    fn heard(&mut self) {
        let heard: Heard = match &self.moment {
            Some(m) => {
                let words = self.recogniser.finish_in(&m.game, m.lang);
                Heard::read(&words.words, words.confidence, m)
            }
            None => self.recogniser.finish(),
        };
        (self.send)(Report::Heard(heard));
        self.awaiting = Some(Instant::now());
    }

    /// The detector's events: sound to the recogniser, an utterance's
    /// end to the session.
    fn take(&mut self, events: &mut Vec<VadEvent>) {
        for event in events.drain(..) {
            match event {
                VadEvent::Start { preroll, .. } => {
                    self.since_look = 0;
                    let streaming = self.awaiting.is_none();
                    if streaming {
                        self.recogniser.start();
                        self.recogniser.feed(&preroll);
                    }
                    let fed = if streaming { preroll.len() } else { 0 };
                    self.current = Some((preroll, fed));
                }
                VadEvent::Audio(sound) => {
                    let Some((all, fed)) = &mut self.current else {
                        continue;
                    };
                    all.extend_from_slice(&sound);
                    if self.awaiting.is_none() {
                        self.recogniser.feed(&all[*fed..]);
                        *fed = all.len();
                        self.since_look += sound.len();
                        self.look();
                    }
                }
                VadEvent::End { .. } => {
                    let Some((all, fed)) = self.current.take() else {
                        continue;
                    };
                    if self.awaiting.is_none() && fed == all.len() {
                        self.heard();
                    } else {
                        self.waiting.push_back(all);
                    }
                }
            }
        }
    }

    /// Every tenth of a second of speech: are the words so far a whole
    /// line? If not, a pause does not end the utterance yet.
    fn look(&mut self) {
        if self.since_look < 1600 {
            return;
        }
        self.since_look = 0;
        let Some(moment) = &self.moment else { return };
        let whole = self.recogniser.partial().is_some_and(|words| {
            !matches!(
                understand(&words, moment.lang, &moment.game),
                Understood::Nothing
            )
        });
        let hangover = if whole {
            VadConfig::default().hangover_ms
        } else {
            HANGOVER_INCOMPLETE_MS
        };
        self.vad.set_hangover_ms(hangover);
    }
}
