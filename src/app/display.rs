//! The Braille display as the loop keeps it: opened when the session
//! asks, its thread's reports coming back as inputs.

use std::sync::mpsc::Sender;

use super::Arrival;
use crate::event::DisplayTrouble;
use crate::io::braille::{DisplayLink, Report};
use crate::session::{DisplayInput, Input};

/// Carries out [`Effect::Braille`](crate::session::Effect::Braille)
/// `(true)`; the answer when this build has no display.
pub(super) fn open(link: &DisplayLink, tx: Sender<Arrival>) -> Option<Input> {
    let opened = link.open(move |report| {
        let _ = tx.send(Arrival::Input(input(report)));
    });
    opened
        .is_err()
        .then_some(Input::Display(DisplayInput::Unavailable(
            DisplayTrouble::NotBuilt,
        )))
}

/// What the display's thread reports, as the session's input.
fn input(report: Report) -> Input {
    let input = match report {
        Report::Action(action) => return action.into(),
        Report::Connected { cols, rows } => DisplayInput::Connected { cols, rows },
        Report::Lost => DisplayInput::Lost,
        Report::Unavailable(trouble) => DisplayInput::Unavailable(trouble),
    };
    Input::Display(input)
}
