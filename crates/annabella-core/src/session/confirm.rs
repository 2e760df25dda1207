//! Confirm mode (FIDE's appendix for blind players: moves are announced,
//! repeated and executed). After the opponent's move the player repeats
//! it — as a move in any input form, or "ok" — and their own next move is
//! not taken until the repetition is right; with `confirm own` the player
//! also confirms their own move before it is played. Below the seconds
//! of `confirmbelow` on the player's clock nothing is asked, as players
//! in time trouble want.

use std::time::Duration;

use shakmaty::{Color, Move};

use crate::event::{DualEvent, Event, PromptEvent, Question};
use crate::input::vocab::{NO, YES, fold};
use crate::input::{Effort, Resolution, read_move_with, resolve_for};
use crate::rules::MoveFacts;
use crate::settings::ConfirmMode;

use super::Prompt;
use super::opponent::Opponent;
use super::table::Table;

/// Whether `side` is in time trouble: fewer seconds on its clock than
/// `confirmbelow` says, so that nothing is repeated or confirmed.
pub(super) fn confirm_waived(t: &Table, side: Color) -> bool {
    let below = t.settings.confirm_below.0;
    below > 0
        && t.time_left(side)
            .is_some_and(|left| left < Duration::from_secs(u64::from(below)))
}

/// After a move of `mover`: the question that asks the player to repeat
/// it, when confirm mode wants one.
pub(super) fn ask_repeat(t: &mut Table, o: Opponent, mover: Color) -> Vec<Event> {
    let wanted = t.settings.confirm != ConfirmMode::Off
        && o.repeats_moves_of(mover)
        && !t.game.is_over()
        && !confirm_waived(t, t.game.turn());
    let Some(ply) = t.game.plies().len().checked_sub(1) else {
        return Vec::new();
    };
    if !wanted {
        return Vec::new();
    }
    t.prompt = Some(Prompt::Repeat { ply });
    vec![PromptEvent::Ask(Question::Repeat).into()]
}

/// With `confirm own`, the player's move waits for a yes: the question,
/// or `None` when the move is to be played at once.
pub(super) fn ask_own(t: &mut Table, o: Opponent, mv: Move, claim: bool) -> Option<Vec<Event>> {
    let mover = t.game.turn();
    let asked = t.settings.confirm == ConfirmMode::Own
        && !o.engine_plays(mover)
        && !confirm_waived(t, mover);
    if !asked {
        return None;
    }
    let facts = MoveFacts::of_move(t.game.position(), mv);
    let prompt = Prompt::ConfirmOwn {
        mv,
        claim,
        facts,
        heard: false,
    };
    let question = prompt.question();
    t.prompt = Some(prompt);
    Some(vec![PromptEvent::Ask(question).into()])
}

/// A line while the player owes the repetition of ply `ply`. `Err`
/// gives the question back: the line is something else.
pub(super) fn answer_repeat(
    t: &mut Table,
    o: Opponent,
    ply: usize,
    line: &str,
) -> Result<Vec<Event>, Prompt> {
    let prompt = Prompt::Repeat { ply };
    let expected = match (t.game.plies().get(ply), t.game.position_before(ply)) {
        // The game moved on (undone, restored): nothing is owed.
        (Some(p), Some(before)) if ply + 1 == t.game.plies().len() => MoveFacts::new(before, p),
        _ => return Err(prompt),
    };
    if line.trim_end().ends_with('?') {
        return Err(prompt);
    }
    if is_one_of(&YES, line) {
        return Ok(vec![DualEvent::Confirmed.into()]);
    }
    let reading = read_move_with(line, t.settings.lang.into(), &mut Effort::default());
    if reading.intents.is_empty() {
        return Err(prompt);
    }
    let mut before = t.game.clone();
    before.undo();
    let both_sides = o.hot_seat();
    let repeated = resolve_for(&before, &reading.intents, true, both_sides);
    if matches!(repeated, Resolution::Move(mv) if Some(mv) == t.game.plies().get(ply).map(|p| p.mv))
    {
        return Ok(vec![DualEvent::Confirmed.into()]);
    }
    // A move of the player's own, typed before the repetition, is not
    // taken, and the game stays as it is; so is one that no move of the
    // opponent fits (an illegal move of the player's own): only another
    // move the opponent could have played is a wrong repetition.
    let own = resolve_for(&t.game, &reading.intents, true, both_sides);
    t.prompt = Some(prompt);
    let own_first = matches!(own, Resolution::Move(_)) && !matches!(repeated, Resolution::Move(_));
    if own_first || matches!(repeated, Resolution::Refused(_)) {
        return Ok(vec![DualEvent::RepeatFirst(expected).into()]);
    }
    Ok(vec![DualEvent::Corrected(expected).into()])
}

/// For `status`: the opponent's move still to be repeated, when one is.
pub(super) fn owed(t: &Table) -> Option<Event> {
    let Some(Prompt::Repeat { ply }) = t.prompt else {
        return None;
    };
    let facts = MoveFacts::new(t.game.position_before(ply)?, t.game.plies().get(ply)?);
    Some(DualEvent::RepeatOwed(facts).into())
}

/// What the player said to their own move waiting for a yes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Own {
    /// Yes, or the same move again: it is played.
    Confirmed,
    /// No: it is dropped, and this is said.
    Dropped(Vec<Event>),
}

/// A line while the player's own move `mv` waits for a yes. `Err` gives
/// the question back: the line is something else (another move is read
/// as a move of its own).
pub(super) fn answer_own(
    t: &Table,
    o: Opponent,
    (mv, claim, heard): (Move, bool, bool),
    line: &str,
) -> Result<Own, Prompt> {
    // A move read back after it was heard: Enter says yes.
    if is_one_of(&YES, line) || (heard && line.trim().is_empty()) {
        return Ok(Own::Confirmed);
    }
    if is_one_of(&NO, line) {
        return Ok(Own::Dropped(vec![DualEvent::OwnDropped.into()]));
    }
    let facts = MoveFacts::of_move(t.game.position(), mv);
    let prompt = Prompt::ConfirmOwn {
        mv,
        claim,
        facts,
        heard,
    };
    let reading = read_move_with(line, t.settings.lang.into(), &mut Effort::default());
    if let Resolution::Move(again) = resolve_for(&t.game, &reading.intents, true, o.hot_seat())
        && again == mv
    {
        return Ok(Own::Confirmed);
    }
    Err(prompt)
}

/// Whether the whole line is one of `words` ("ok", "ja", "jah.").
pub(super) fn is_one_of(words: &crate::input::Words, line: &str) -> bool {
    let folded = fold(line.trim());
    !folded.is_empty() && words.contains_folded(&folded)
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::event::{Event, Refused};
    use crate::rules::Game;
    use crate::rules::clock::TimeControl;
    use crate::session::Rooms;
    use crate::settings::OpponentChoice;
    use crate::settings::{Settings, TimeChoice, WaiveBelow};

    fn session(confirm: ConfirmMode, control: Option<&str>, below: u16) -> Rooms {
        let settings = Settings {
            opponent: OpponentChoice::Human,
            confirm,
            confirm_below: WaiveBelow(below),
            time: match control {
                Some(c) => TimeChoice::Timed(c.parse::<TimeControl>().expect("control")),
                None => TimeChoice::Untimed,
            },
            ..Settings::default()
        };
        Rooms::new(Game::new(), settings)
    }

    fn asks_repeat(events: &[Event]) -> bool {
        events
            .iter()
            .any(|e| *e == Event::from(PromptEvent::Ask(Question::Repeat)))
    }

    #[test]
    fn the_next_move_waits_for_the_right_repetition() {
        let mut s = session(ConfirmMode::On, None, 0);
        let t = Instant::now();
        assert!(asks_repeat(&s.line_at("e4", t)));
        let fen = s.game().fen();
        // Black's own move first: refused, nothing played.
        let refused = s.line_at("e5", t);
        assert!(matches!(
            refused[..],
            [Event::Dual(DualEvent::RepeatFirst(_))]
        ));
        assert_eq!(s.game().fen(), fen);
        // Reading the board leaves the question standing.
        s.line_at("board", t);
        assert!(matches!(s.prompt(), Some(Prompt::Repeat { ply: 0 })));
        // Another move is corrected with the one played.
        let corrected = s.line_at("d4", t);
        let [Event::Dual(DualEvent::Corrected(f))] = &corrected[..] else {
            panic!("{corrected:?}");
        };
        assert_eq!(f.san, "e4");
        // A word that is no move keeps the question too.
        s.line_at("hmm", t);
        assert!(s.prompt().is_some());
        assert_eq!(
            s.line_at("Bauer Eva vier", t),
            vec![Event::from(DualEvent::Confirmed)]
        );
        assert!(s.prompt().is_none());
        assert!(asks_repeat(&s.line_at("e5", t)));
        assert_eq!(s.line_at("ok", t), vec![Event::from(DualEvent::Confirmed)]);
        assert_eq!(s.game().plies().len(), 2);
    }

    #[test]
    fn own_moves_wait_for_a_yes() {
        let mut s = session(ConfirmMode::Own, None, 0);
        let t = Instant::now();
        let asked = s.line_at("Nf3", t);
        assert!(matches!(
            asked[..],
            [Event::Prompt(PromptEvent::Ask(Question::ConfirmOwn(_)))]
        ));
        assert!(s.game().plies().is_empty());
        assert_eq!(
            s.line_at("nein", t),
            vec![Event::from(DualEvent::OwnDropped)]
        );
        assert!(s.game().plies().is_empty());
        s.line_at("e4", t);
        let played = s.line_at("ja", t);
        assert!(matches!(played[0], Event::Game(_)), "{played:?}");
        assert_eq!(s.game().plies().len(), 1);
        // The other player repeats it before confirming their own.
        assert!(asks_repeat(&played));
        assert_eq!(s.line_at("jah", t), vec![Event::from(DualEvent::Confirmed)]);
        s.line_at("e5", t);
        s.line_at("e5", t);
        assert_eq!(s.game().plies().len(), 2);
    }

    #[test]
    fn time_trouble_waives_the_repetition() {
        // 1 minute each; no repetition below 30 seconds on the clock of
        // the side that would repeat.
        let mut s = session(ConfirmMode::On, Some("1+0"), 30);
        let t0 = Instant::now();
        s.tick_at(t0);
        assert!(asks_repeat(&s.line_at("e4", t0 + Duration::from_secs(1))));
        s.line_at("e4", t0 + Duration::from_secs(2));
        // Black thinks 40 s: 19 s left when White's move comes.
        let black_moves = s.line_at("e5", t0 + Duration::from_secs(42));
        assert!(asks_repeat(&black_moves), "White has 59 s: asked");
        s.line_at("ok", t0 + Duration::from_secs(43));
        let white_moves = s.line_at("Nf3", t0 + Duration::from_secs(44));
        assert!(!asks_repeat(&white_moves), "Black has 19 s: waived");
        assert!(s.prompt().is_none());
        // And Black's move goes in at once.
        let next = s.line_at("Nc6", t0 + Duration::from_secs(45));
        assert!(matches!(next[0], Event::Game(_)));
        assert!(
            !next
                .iter()
                .any(|e| matches!(e, Event::Refusal(Refused::Move(_))))
        );
    }
}
