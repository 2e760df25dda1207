//! What carries out the session's requests to the store ([`Request`],
//! [`Reply`]: the core's types).

use super::{Reply, Request};

/// What carries out the session's requests to the store: the real
/// store on the platform's directories, or nothing at all (tests of the
/// loop that keep nothing).
pub trait Keeper {
    /// Carries out one request; a reply when there is something to say.
    /// A change of the game in progress may wait for [`Keeper::commit`].
    fn carry_out(&mut self, request: Request) -> Option<Reply>;

    /// The words that begin the names the keeper gives games itself: an
    /// unfinished game put aside, a finished one (in the UI language).
    fn name_games(&mut self, unfinished: &str, finished: &str) {
        let _ = (unfinished, finished);
    }

    /// Makes every change kept so far durable — once for a whole batch
    /// of lines, before their answers are shown; a reply when it failed.
    fn commit(&mut self) -> Option<Reply> {
        None
    }

    /// The run ends cleanly: what is kept is written in its final form.
    fn finish(&mut self) {}
}

/// A keeper that keeps nothing.
#[derive(Debug, Default)]
pub struct Nowhere;

impl Keeper for Nowhere {
    fn carry_out(&mut self, _: Request) -> Option<Reply> {
        None
    }
}
