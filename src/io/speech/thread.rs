//! The speech thread: the only owner of the speech backend, so a slow or
//! hung service never blocks input, and the loop that drops stale answers.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::Duration;

use super::SpeechError;
use super::{Kind, Speaker, SpeechBackend, SpeechParams};
use crate::announce::Spoken;
use crate::io::gate::Gate;

enum Command {
    Say(Vec<Spoken>, SpeechParams, Kind),
    /// A line was entered: the readings still heard are silenced.
    Hush,
    Stop,
    Finish(mpsc::Sender<()>, Duration),
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
    /// While it speaks, `gate` is shut, for the microphone.
    pub fn start<F, B>(make: F, timeout: Duration, gate: Gate) -> Result<SpeechThread, SpeechError>
    where
        F: FnOnce() -> Result<B, SpeechError> + Send + 'static,
        B: SpeechBackend + 'static,
    {
        let (tx, rx) = mpsc::channel::<Command>();
        let (ready_tx, ready_rx) = mpsc::channel::<Result<(), SpeechError>>();
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
                    // Ready once connected: where the speaker has to list
                    // the voices first, that can take longer than the
                    // creation limit.
                    if ready_tx.send(Ok(())).is_ok() {
                        serve(Speaker::new(backend), &rx, &flag, &gate);
                    }
                }));
                if ran.is_err() {
                    flag.store(true, Ordering::SeqCst);
                }
            });
        if spawned.is_err() {
            return Err(SpeechError::NoThread);
        }
        match ready_rx.recv_timeout(timeout) {
            Ok(Ok(())) => Ok(SpeechThread { tx, failed }),
            Ok(Err(e)) => Err(e),
            Err(mpsc::RecvTimeoutError::Timeout) => Err(SpeechError::Timeout),
            Err(mpsc::RecvTimeoutError::Disconnected) => Err(SpeechError::NoThread),
        }
    }

    /// Hands `parts` to the thread; `false` if speech has failed.
    pub fn say(&self, parts: Vec<Spoken>, params: SpeechParams, kind: Kind) -> bool {
        self.tx.send(Command::Say(parts, params, kind)).is_ok() && self.is_alive()
    }

    /// Silences the readings still being said or waiting, never news;
    /// `false` if speech has failed.
    pub fn silence_readings(&self) -> bool {
        self.tx.send(Command::Hush).is_ok() && self.is_alive()
    }

    /// Silences the service; `false` if speech has failed.
    pub fn stop(&self) -> bool {
        self.tx.send(Command::Stop).is_ok() && self.is_alive()
    }

    /// A handle that silences this thread's speech from another thread.
    pub fn silencer(&self) -> Silencer {
        Silencer(self.tx.clone())
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

/// Silences a speech thread from any thread: the line reader's on
/// Ctrl-C, the loop's when a line arrives.
#[derive(Clone, Debug)]
pub struct Silencer(mpsc::Sender<Command>);

impl Silencer {
    /// Silences everything said and waiting; a thread that ended has
    /// nothing to silence.
    pub fn silence(&self) {
        let _ = self.0.send(Command::Stop);
    }

    /// Silences the readings said and waiting, never news.
    pub fn silence_readings(&self) {
        let _ = self.0.send(Command::Hush);
    }
}

/// How often the service is asked whether it still speaks.
const GATE_POLL: Duration = Duration::from_millis(20);

/// The loop of the speech thread.
fn serve<B: SpeechBackend>(
    mut speaker: Speaker<B>,
    rx: &mpsc::Receiver<Command>,
    failed: &AtomicBool,
    gate: &Gate,
) {
    let mut speaking = false;
    loop {
        // While something is said, the service is asked now and then
        // whether it has finished, to open the microphone again.
        let first = if speaking {
            match rx.recv_timeout(GATE_POLL) {
                Ok(command) => command,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if !speaker.is_busy() {
                        speaking = false;
                        gate.speaking(false);
                    }
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        } else {
            match rx.recv() {
                Ok(command) => command,
                Err(_) => break,
            }
        };
        let mut batch = vec![first];
        batch.extend(rx.try_iter());
        // Every piece of news is said; of the readings only the newest,
        // and not even that once a line was entered after it: the rest
        // went stale while the service was busy.
        let newest = batch.iter().rposition(|c| {
            matches!(
                c,
                Command::Say(_, _, Kind::Reading) | Command::Hush | Command::Stop
            )
        });
        let mut finishes = Vec::new();
        for (i, command) in batch.into_iter().enumerate() {
            let result = match command {
                Command::Say(parts, params, Kind::News) => speaker.say(&parts, &params, Kind::News),
                Command::Say(parts, params, Kind::Reading) if Some(i) == newest => {
                    speaker.say(&parts, &params, Kind::Reading)
                }
                Command::Hush => speaker.silence_readings(),
                Command::Stop => speaker.stop(),
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
        if speaker.is_busy() {
            speaking = true;
            gate.speaking(true);
        }
        for (ack, bound) in finishes {
            speaker.wait_idle(bound);
            let _ = ack.send(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::speech::tests::{heard, settings};
    use crate::io::speech::{Call, RecordingBackend};
    use crate::settings::Lang;

    fn params() -> SpeechParams {
        SpeechParams::from(&settings(Lang::En))
    }

    fn part(text: &str) -> Vec<Spoken> {
        vec![Spoken {
            text: text.into(),
            lang: Lang::En,
        }]
    }

    fn say(text: &str, kind: Kind) -> Command {
        Command::Say(part(text), params(), kind)
    }

    /// The calls `serve` makes for `commands`, sent before it starts (as
    /// if they queued up while the service was busy), on a speaker that
    /// has already said the reading `before`, if any.
    fn served(
        backend: RecordingBackend,
        before: Option<&str>,
        commands: Vec<Command>,
    ) -> Vec<Call> {
        let mut speaker = Speaker::new(backend);
        let calls = Arc::clone(&speaker.backend().calls);
        if let Some(text) = before {
            let said = speaker.say(&part(text), &params(), Kind::Reading);
            said.expect("records");
        }
        let (tx, rx) = mpsc::channel();
        for command in commands {
            tx.send(command).expect("open");
        }
        drop(tx);
        if let Ok(mut c) = calls.lock() {
            c.clear();
        }
        serve(speaker, &rx, &AtomicBool::new(false), &Gate::default());
        calls.lock().map(|c| c.clone()).unwrap_or_default()
    }

    fn spoken(text: &str, kind: Kind) -> Call {
        Call::Speak(text.into(), kind)
    }

    #[test]
    fn stale_answers_are_dropped_and_the_newest_cuts_the_old_one() {
        let commands = ["old", "older than new", "new"].map(|t| say(t, Kind::Reading));
        let calls = served(RecordingBackend::default(), Some("said"), commands.into());
        assert_eq!(heard(&calls), [Call::Stop, spoken("new", Kind::Reading)]);
    }

    #[test]
    fn every_move_is_said_in_turn_and_only_the_newest_reading() {
        let backend = RecordingBackend {
            busy: true,
            ..RecordingBackend::default()
        };
        let commands = [
            ("d4", Kind::News),
            ("board", Kind::Reading),
            ("Nf6", Kind::News),
            ("e4?", Kind::Reading),
        ]
        .map(|(t, kind)| say(t, kind));
        let calls = served(backend, None, commands.into());
        // The stale board reading is dropped; the moves queue, and the
        // reading after them waits its turn: with one queue for all, no
        // stop may cut the moves.
        assert_eq!(
            heard(&calls),
            [
                spoken("d4", Kind::News),
                spoken("Nf6", Kind::News),
                spoken("e4?", Kind::Reading),
            ]
        );
    }

    #[test]
    fn a_line_entered_after_a_reading_drops_it_unsaid() {
        let backend = RecordingBackend {
            readings_apart: true,
            busy: true,
            ..RecordingBackend::default()
        };
        let commands = vec![
            say("board", Kind::Reading),
            Command::Hush,
            say("e4", Kind::News),
        ];
        // Nothing was read before: nothing to silence either.
        let calls = served(backend.clone(), None, commands);
        assert_eq!(heard(&calls), [spoken("e4", Kind::News)]);
        // A reading heard before the batch is silenced, and no more.
        let commands = vec![Command::Hush, say("e4", Kind::News)];
        let calls = served(backend, Some("board"), commands);
        assert_eq!(
            heard(&calls),
            [Call::SilenceReadings, spoken("e4", Kind::News)]
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
            Gate::default(),
        );
        assert_eq!(started.err(), Some(SpeechError::Timeout));
    }
}
