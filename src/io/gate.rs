//! Whether annabella is speaking, for the microphone to stay shut
//! meanwhile and for a short tail after: speakers feed the microphone.
//! The speech thread sets it; the listening thread reads it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// How long after annabella stops speaking the microphone stays shut:
/// the sound still in the speakers' and the room's way (see
/// BENCHMARKS.md, "Voice input").
pub const TAIL: Duration = Duration::from_millis(300);

/// Whether annabella is speaking, for the microphone to stay shut; set
/// by the speech side, read here.
#[derive(Clone, Debug, Default)]
pub struct Gate {
    speaking: Arc<AtomicBool>,
    /// When speech last stopped, in milliseconds since `base`.
    stopped_ms: Arc<AtomicU64>,
    base: Arc<OnceLock<Instant>>,
}

impl Gate {
    fn base(&self) -> Instant {
        *self.base.get_or_init(Instant::now)
    }

    /// Speech began or ended.
    pub fn speaking(&self, on: bool) {
        if !on {
            let ms = self.base().elapsed().as_millis();
            self.stopped_ms
                .store(u64::try_from(ms).unwrap_or(u64::MAX), Ordering::Relaxed);
        }
        self.speaking.store(on, Ordering::Relaxed);
    }

    /// Whether the microphone is shut now.
    pub fn shut(&self) -> bool {
        if self.speaking.load(Ordering::Relaxed) {
            return true;
        }
        let stopped = self.stopped_ms.load(Ordering::Relaxed);
        if stopped == 0 {
            return false;
        }
        let now = u64::try_from(self.base().elapsed().as_millis()).unwrap_or(u64::MAX);
        now.saturating_sub(stopped) < u64::try_from(TAIL.as_millis()).unwrap_or(0)
    }
}
