//! Where text goes: every event as lines, worded by the announcer.

use std::io::{self, Write};

use crate::announce::Announcer;
use crate::event::{Event, Subscriber};
use crate::settings::Settings;

/// Writes every event as lines of text.
pub struct TextSink<'a, W: Write> {
    out: W,
    announcer: &'a Announcer,
}

impl<'a, W: Write> TextSink<'a, W> {
    /// Text to `out`, worded by `announcer`.
    pub fn new(out: W, announcer: &'a Announcer) -> Self {
        TextSink { out, announcer }
    }

    /// Writes one line that is not an event (the greeting).
    pub fn write_line(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.out, "{line}")?;
        self.out.flush()
    }
}

impl<W: Write> Subscriber for TextSink<'_, W> {
    fn notify(&mut self, settings: &Settings, events: &[Event]) -> io::Result<()> {
        for event in events {
            for line in self.announcer.render_lines(settings, event) {
                writeln!(self.out, "{line}")?;
            }
        }
        self.out.flush()
    }
}
