//! Play: the rules of playing on the table — a move read against the
//! legal moves (and refused when it is not the player's to make), the
//! move played with the events it makes, draw offers and claims,
//! accepting and declining, resignation, a move taken back and the game
//! a `new` asks for. The play room has no state of its own: everything
//! it touches is the table's. What a move sets off in the other rooms
//! (the clock pressed, the player's board followed, a repetition or a
//! question asked) is the session's flow of a move (`flow::moves`).

use shakmaty::Move;

use crate::event::{EngineEvent, Event, GameEvent, OnlineEvent, Refused, SessionEvent};
use crate::input::{CommandError, NewGame, Reading, Refusal, Resolution, resolve_for};
use crate::rules::{Chess960Start, ClaimOutcome, Game, MoveFacts, PlayError};

use super::opponent::{Opponent, Plays};
use super::table::Table;

/// The move read in `reading` against the legal moves, with what was
/// understood to say first; `Err` with the refusal when it is not the
/// player's move to make (the opponent on lichess, or the engine, is to
/// move).
pub(super) fn resolve(
    t: &Table,
    o: Opponent,
    reading: Reading,
) -> Result<(Vec<Event>, Resolution), Vec<Event>> {
    if let Some(refused) = not_yours(t, o) {
        return Err(refused);
    }
    let resolution = resolve_for(
        &t.game,
        &reading.intents,
        t.settings.autoqueen,
        o.hot_seat(),
    );
    let understood = reading
        .understood
        .map(|words| SessionEvent::Understood(words).into())
        .into_iter()
        .collect();
    Ok((understood, resolution))
}

/// The refusal when the move is not the player's to make: the opponent
/// on lichess, or the engine, is to move.
pub(super) fn not_yours(t: &Table, o: Opponent) -> Option<Vec<Event>> {
    let running = !t.game.is_over();
    let turn = t.game.turn();
    if running && o.remote_plays(turn) {
        return Some(vec![OnlineEvent::OpponentToMove.into()]);
    }
    if running && o.engine_plays(turn) {
        return Some(vec![Refused::EngineThinking.into()]);
    }
    None
}

/// The last move said, as a move played says it.
fn moved(game: &Game) -> Vec<Event> {
    MoveFacts::last(game)
        .map(|f| GameEvent::Moved(f).into())
        .into_iter()
        .collect()
}

/// Plays a legal move on the table: said, with the end of the game it
/// makes, and the mover's clock pressed. `Err` with the refusal when it
/// cannot be played.
pub(super) fn play(t: &mut Table, mv: Move) -> Result<Vec<Event>, Vec<Event>> {
    match t.game.play(mv) {
        Ok(result) => {
            t.press_clock();
            let mut events = moved(&t.game);
            events.extend(result.map(|f| GameEvent::Over(f).into()));
            Ok(events)
        }
        Err(PlayError::GameOver) => Err(vec![Refusal::GameOver.into()]),
        Err(PlayError::Illegal) => Err(vec![Refusal::NotAMove.into()]),
    }
}

/// Plays a move with a draw claim (Art. 9.2): the claim judged once the
/// move stands; a claim refused counts as a draw offer (Art. 9.1.2.4).
/// The events, and whether the game goes on; `Err` when the game was
/// over.
pub(super) fn claim_with(t: &mut Table, mv: Move) -> Result<(Vec<Event>, bool), Vec<Event>> {
    let claimant = t.game.turn();
    let Ok(outcome) = t.game.claim_draw(Some(mv)) else {
        return Err(vec![Refusal::GameOver.into()]);
    };
    t.press_clock();
    let mut events = moved(&t.game);
    match outcome {
        ClaimOutcome::Drawn(f) | ClaimOutcome::EndedByMove(f) => {
            events.push(GameEvent::Over(f).into());
            Ok((events, false))
        }
        ClaimOutcome::Refused(c) => {
            events.push(GameEvent::ClaimRefused(c).into());
            t.game.offer_draw_by(claimant);
            events.push(GameEvent::DrawOffered(claimant).into());
            Ok((events, true))
        }
    }
}

/// `draw` without a move: claim a draw the position allows, accept the
/// opponent's standing offer, or offer one (which an engine declines at
/// once: it plays on).
pub(super) fn draw(t: &mut Table, o: Opponent) -> Vec<Event> {
    if t.game.is_over() {
        return vec![Refusal::GameOver.into()];
    }
    let turn = t.game.turn();
    // A valid claim comes first even when the opponent's offer stands:
    // the record then names the rule (Art. 9.2), not an agreement.
    if t.game.claimable().is_some() {
        return match t.game.claim_draw(None) {
            Ok(ClaimOutcome::Drawn(f) | ClaimOutcome::EndedByMove(f)) => {
                vec![GameEvent::Over(f).into()]
            }
            Ok(ClaimOutcome::Refused(c)) => vec![GameEvent::ClaimRefused(c).into()],
            Err(_) => vec![Refusal::GameOver.into()],
        };
    }
    if t.game.draw_offer() == Some(!turn) {
        return accept(t);
    }
    // Against the engine the offer is the person's, even while the
    // engine thinks, and its answer is said at once: nobody else is
    // there to answer it.
    let offerer = o.own_side(turn);
    t.game.offer_draw_by(offerer);
    if o.plays == Plays::Engine && t.game.decline_draw().is_some() {
        return vec![EngineEvent::DrawDeclined.into()];
    }
    vec![GameEvent::DrawOffered(offerer).into()]
}

/// `accept`: the draw offered.
pub(super) fn accept(t: &mut Table) -> Vec<Event> {
    match t.game.accept_draw() {
        Some(f) => vec![GameEvent::Over(f).into()],
        None => vec![Refused::NoDrawOffer.into()],
    }
}

/// `decline`: the draw offered.
pub(super) fn decline(t: &mut Table) -> Vec<Event> {
    match t.game.decline_draw() {
        Some(c) => vec![GameEvent::DrawDeclined(c).into()],
        None => vec![Refused::NoDrawOffer.into()],
    }
}

/// `resign`: against an engine the person resigns, whoever is to move;
/// in hot seat the side to move.
pub(super) fn resign(t: &mut Table, o: Opponent) -> Vec<Event> {
    let color = o.own_side(t.game.turn());
    match t.game.resign(color) {
        Ok(f) => vec![GameEvent::Over(f).into()],
        Err(_) => vec![Refusal::GameOver.into()],
    }
}

/// Takes back the last move (its clock times back with it), or reopens a
/// game that ended without a move.
pub(super) fn take_back(t: &mut Table) -> Vec<Event> {
    let before = MoveFacts::last(&t.game);
    let ended = t.game.result().map(|f| f.reason);
    match t.game.undo() {
        Some(_) => {
            t.undo_clock();
            before
                .map(|f| GameEvent::Undone(f).into())
                .into_iter()
                .collect()
        }
        None if ended.is_some() => {
            t.reopen_clock(ended);
            vec![GameEvent::Reopened.into()]
        }
        None => vec![Refused::NothingToUndo.into()],
    }
}

/// The game `new` asks for: the standard start or a Chess960 one (drawn
/// at random from the table's source when asked). `Err` with the
/// refusal for a start number that does not exist.
pub(super) fn new_game(t: &mut Table, new: &NewGame) -> Result<Game, Vec<Event>> {
    let game = match new.chess960 {
        None => Ok(Game::new()),
        Some(Chess960Start::Number(n)) => Game::chess960(n).map_err(|_| n),
        Some(Chess960Start::Random) => {
            let n = t.random_chess960();
            Game::chess960(n).map_err(|_| n)
        }
    };
    game.map_err(|n| vec![CommandError::Chess960Number(n.to_string()).into()])
}
