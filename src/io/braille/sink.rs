//! The display's subscriber: what annabella says, worded as the text is,
//! the board, the view and the piece letters of the UI language, sent to
//! the display's thread through the [`DisplayLink`].

use std::io;

use super::{DisplayLink, Update};
use crate::announce::Announcer;
use crate::event::{DisplayEvent, Event, SessionEvent, Subscriber};
use crate::settings::{Lang, Settings};

/// The most events kept, while no display is connected, for one that
/// connects: more than its history shows.
const UNSENT: usize = 32;

/// The display's subscriber: what annabella says, the board, the view.
///
/// The display's own news that it is there ("Braille display of 40
/// cells") is shown on it only when nothing was said before: a display
/// that connects after a move was made shows the newest line of the
/// game (the move), the way one that was there all along would.
///
/// While no display is connected nothing is worded for it: the newest
/// events are only kept, and worded when a display connects.
/// Most players have no display, and wording every line twice (once for
/// the text, once for a display that is not there) was a sixth of what
/// a piped game cost.
pub struct BrailleSink<'a> {
    link: DisplayLink,
    announcer: &'a Announcer,
    lang: Option<Lang>,
    /// Lines went to the display since it was opened.
    said: bool,
    /// A display is connected (the session said so).
    connected: bool,
    /// The newest events while no display is connected, a run for each
    /// notification with the settings it is worded in: what a display
    /// that connects shows.
    unsent: Vec<(Settings, Vec<Event>)>,
}

impl<'a> BrailleSink<'a> {
    /// Feeds the display behind `link`, worded by `announcer`.
    pub fn new(link: DisplayLink, announcer: &'a Announcer) -> Self {
        BrailleSink {
            link,
            announcer,
            lang: None,
            said: false,
            connected: false,
            unsent: Vec::new(),
        }
    }

    /// Keeps the newest of `events` while no display is connected (what
    /// is said, not the board or the view, which the session sends
    /// afresh to a display that connects), at most [`UNSENT`] of them.
    fn keep_unsent(&mut self, settings: &Settings, events: &[Event]) {
        let said = events.iter().filter(|e| {
            !matches!(
                e,
                Event::Session(SessionEvent::Display(
                    DisplayEvent::Board(_) | DisplayEvent::View(_)
                ))
            )
        });
        // Only the tail can be kept: a pipe's batch has thousands.
        let tail: Vec<Event> = said.rev().take(UNSENT).cloned().collect();
        if tail.is_empty() {
            return;
        }
        // One run a notification, as each is one update of what is said:
        // a display shows the first line of the newest.
        self.unsent
            .push((settings.clone(), tail.into_iter().rev().collect()));
        let mut over = self.unsent.iter().map(|(_, run)| run.len()).sum::<usize>();
        while over > UNSENT {
            let Some((_, first)) = self.unsent.first_mut() else {
                break;
            };
            let cut = first.len().min(over - UNSENT);
            first.drain(..cut);
            over -= cut;
            if first.is_empty() {
                self.unsent.remove(0);
            }
        }
    }

    /// Whether the display is connected after `events`, when they say
    /// (`None`: they leave it as it was).
    fn connection(events: &[Event]) -> Option<bool> {
        events.iter().rev().find_map(|e| match e {
            Event::Session(SessionEvent::Display(DisplayEvent::Connected { .. })) => Some(true),
            Event::Session(SessionEvent::Display(
                DisplayEvent::Lost | DisplayEvent::Unavailable(_),
            )) => Some(false),
            _ => None,
        })
    }
}

impl Subscriber for BrailleSink<'_> {
    fn notify(&mut self, settings: &Settings, events: &[Event]) -> io::Result<()> {
        if !self.link.is_open() {
            // Letters are sent again to a display opened later.
            self.lang = None;
            self.said = false;
            self.connected = false;
            self.unsent.clear();
            return Ok(());
        }
        let was = self.connected;
        if let Some(now) = Self::connection(events) {
            self.connected = now;
        }
        if !was && !self.connected {
            self.keep_unsent(settings, events);
            return Ok(());
        }
        let mut updates = Vec::new();
        if self.lang != Some(settings.lang) {
            self.lang = Some(settings.lang);
            updates.push(Update::Letters(
                self.announcer.display_letters(settings.lang),
            ));
        }
        if !was {
            for (then, unsent) in std::mem::take(&mut self.unsent) {
                let lines: Vec<String> = unsent
                    .iter()
                    .flat_map(|event| self.announcer.render_lines(&then, event))
                    .collect();
                if !lines.is_empty() {
                    self.said = true;
                    updates.push(Update::Said(lines));
                }
            }
        }
        let mut lines = Vec::new();
        for event in events {
            match event {
                Event::Session(SessionEvent::Display(DisplayEvent::Board(board))) => {
                    updates.push(Update::Board((**board).clone()));
                }
                Event::Session(SessionEvent::Display(DisplayEvent::View(view))) => {
                    updates.push(Update::View(*view));
                }
                Event::Session(SessionEvent::Display(DisplayEvent::Connected { .. }))
                    if self.said =>
                {
                    continue;
                }
                _ => {}
            }
            lines.extend(self.announcer.render_lines(settings, event));
        }
        if !lines.is_empty() {
            self.said = true;
            updates.push(Update::Said(lines));
        }
        self.link.send(updates);
        Ok(())
    }
}
