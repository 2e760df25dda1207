//! The review room: a finished game analysed position by position on the
//! engine host's thread (one position asked at a time, so that `stop`
//! ends it at once and the board can be read meanwhile), what it found
//! kept with the game's moves, the turning points walked through, and
//! the opening said once when the game leaves the last named position.

use std::time::{Duration, Instant};

use shakmaty::{Chess, Color, Move, Position};

use crate::engine::search::{Score, SearchResult};
use crate::event::{Event, ReviewEvent, ReviewRefusal, SideTally, Summary, TurningPoint};
use crate::review::{PositionEval, Review, Verdict, judge, legal_prefix};
use crate::rules::{Eval, Game, MoveFacts};

use super::table::Table;

/// Reviews kept for the games reviewed in this run: enough for a game
/// and the few looked at beside it.
const KEPT: usize = 8;

/// Progress is said at least this often while a review runs.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

/// A quarter done is said only this long after the last line: a review
/// over in a moment says no progress at all.
const PROGRESS_QUIET: Duration = Duration::from_secs(1);

/// The longest better line said: five moves.
const LINE_PLIES: usize = 5;

/// A review under way.
#[derive(Clone, Debug)]
struct Running {
    /// The whole game reviewed.
    game: Game,
    /// What is found so far.
    review: Review,
    /// The analysis awaited: its id and the position asked.
    asked: Option<(u64, usize)>,
    /// When progress was last said (or the review began), once known.
    said_at: Option<Instant>,
    /// The last quarter said (0 to 3).
    quarter: u32,
}

/// The review room.
#[derive(Clone, Debug, Default)]
pub(super) struct ReviewRoom {
    /// Reviews made or read, the latest last.
    kept: Vec<Review>,
    /// The review under way.
    running: Option<Running>,
    /// The turning point shown, by index, for the game on the board.
    shown: Option<usize>,
    /// `review NAME`: the game loading is to be reviewed.
    after_load: bool,
    /// The opening has been said in this game.
    opening_said: bool,
}

/// What the room wants asked of the engine next.
#[derive(Clone, Debug)]
pub(super) struct Ask {
    /// The game.
    pub game: Game,
    /// Its position to analyse (0: the start).
    pub index: usize,
}

impl ReviewRoom {
    /// Whether an analysis for the review is awaited.
    pub fn waiting(&self) -> bool {
        self.running.as_ref().is_some_and(|r| r.asked.is_some())
    }

    /// Whether reply `id` is the review's.
    pub fn awaits(&self, id: u64) -> bool {
        self.running
            .as_ref()
            .and_then(|r| r.asked)
            .is_some_and(|(asked, _)| asked == id)
    }

    /// The review kept of `game`, if any.
    pub fn kept_of(&self, game: &Game) -> Option<&Review> {
        self.kept.iter().rev().find(|r| r.is_of(game))
    }

    /// Keeps `review` (a new one, or one read from a file) in place of
    /// any kept of the same moves.
    pub fn keep(&mut self, review: Review) {
        self.kept.retain(|r| !r.same_game(&review));
        self.kept.push(review);
        if self.kept.len() > KEPT {
            self.kept.remove(0);
        }
    }

    /// `review NAME` asked the store for the game: it is reviewed when
    /// it comes.
    pub fn review_after_load(&mut self) {
        self.after_load = true;
    }

    /// Whether the game just loaded is to be reviewed (asked once).
    pub fn take_after_load(&mut self) -> bool {
        std::mem::take(&mut self.after_load)
    }

    /// `review` of `game`: the summary at once when it was reviewed
    /// before, else the review begins (or goes on where a stopped one
    /// ended) and the first position is to be asked.
    pub fn begin(&mut self, game: &Game, now: Option<Instant>) -> Result<Ask, Vec<Event>> {
        if self.running.is_some() {
            return Err(vec![ReviewRefusal::Busy.into()]);
        }
        if game.plies().is_empty() {
            return Err(vec![ReviewRefusal::NoMoves.into()]);
        }
        self.shown = None;
        let review = match self.kept_of(game) {
            Some(r) if r.complete() => return Err(self.summary(game, r)),
            Some(r) => r.clone(),
            None => Review::of(game),
        };
        let index = review.next_missing().unwrap_or(0);
        self.running = Some(Running {
            game: game.clone(),
            review,
            asked: None,
            said_at: now,
            quarter: 0,
        });
        Ok(Ask {
            game: game.clone(),
            index,
        })
    }

    /// The request for `ask` went out as `id`.
    pub fn asked(&mut self, id: u64, index: usize) {
        if let Some(r) = self.running.as_mut() {
            r.asked = Some((id, index));
        }
    }

    /// What the review says as it begins: the positions still to
    /// evaluate (a stopped review, or one read from a file, has some).
    pub fn started(&self, engine: Option<String>) -> Event {
        let positions = self
            .running
            .as_ref()
            .map_or(0, |r| r.review.positions() - r.review.evaluated());
        ReviewEvent::Started { positions, engine }.into()
    }

    /// The engine's answer for the position asked: kept; then the next
    /// position to ask, with progress now and then for a person waiting
    /// at a terminal (`waiting`; a script reads the result alone), or
    /// the review's summary and turning points at the end.
    pub fn found(
        &mut self,
        result: &SearchResult,
        now: Instant,
        waiting: bool,
    ) -> (Vec<Event>, Option<Ask>) {
        let Some(mut running) = self.running.take() else {
            return (Vec::new(), None);
        };
        let Some((_, index)) = running.asked.take() else {
            return (Vec::new(), None);
        };
        let pos = position_at(&running.game, index);
        running.review.set(index, position_eval(&pos, result));
        let Some(next) = running.review.next_missing() else {
            let review = running.review;
            let events = self.summary(&running.game, &review);
            self.keep(review);
            return (events, None);
        };
        let mut events = Vec::new();
        let done = running.review.evaluated();
        let total = running.review.positions();
        let quarter = (done * 4 / total) as u32;
        let quiet = now.saturating_duration_since(*running.said_at.get_or_insert(now));
        let due = (quarter > running.quarter && quiet >= PROGRESS_QUIET) || quiet >= PROGRESS_EVERY;
        if waiting && due {
            running.quarter = quarter.max(running.quarter);
            running.said_at = Some(now);
            events.push(ReviewEvent::Progress((done * 100 / total) as u32).into());
        }
        let ask = Ask {
            game: running.game.clone(),
            index: next,
        };
        self.running = Some(running);
        (events, Some(ask))
    }

    /// `stop`: the review ends; what it found is kept, and a later
    /// `review` goes on from there. The analysis awaited is to be
    /// stopped: its id.
    pub fn stop(&mut self) -> Result<(Vec<Event>, Option<u64>), Vec<Event>> {
        let Some(running) = self.running.take() else {
            return Err(vec![ReviewRefusal::NothingToStop.into()]);
        };
        let stopped = ReviewEvent::Stopped {
            done: running.review.evaluated(),
            total: running.review.positions(),
        };
        let id = running.asked.map(|(id, _)| id);
        self.keep(running.review);
        Ok((vec![stopped.into()], id))
    }

    /// The review's first answer: the opening and each side's tally,
    /// then every turning point in a sentence.
    fn summary(&self, game: &Game, review: &Review) -> Vec<Event> {
        let tally = review.tally(game);
        let points = review.turning_points(game);
        let sides = shakmaty::ByColor::new_with(|c| {
            let t = &tally[c];
            SideTally {
                inaccuracies: t.counts[0],
                mistakes: t.counts[1],
                blunders: t.counts[2],
                accuracy: t.accuracy.map(|a| a.round().clamp(0.0, 100.0) as u32),
            }
        });
        let mut events: Vec<Event> = vec![
            ReviewEvent::Summary(Summary {
                opening: game.opening().map(|(o, _)| o),
                sides,
                turning_points: points.len(),
                missing: review.positions() - review.evaluated(),
            })
            .into(),
        ];
        if points.is_empty() {
            events.push(ReviewEvent::NoTurningPoints.into());
        }
        for (i, v) in points.iter().enumerate() {
            events.push(ReviewEvent::Turning(turning(game, v, i, points.len())).into());
        }
        events
    }

    /// `review next`, `review back`, `review N`: the turning point to
    /// show, by index, in `game` (the whole game on the board).
    pub fn walk(&mut self, game: &Game, to: Walk) -> Result<(usize, Event), Vec<Event>> {
        let Some(review) = self.kept_of(game) else {
            return Err(vec![not_reviewed(self.running.is_some())]);
        };
        let points = review.turning_points(game);
        if points.is_empty() {
            return Err(vec![ReviewEvent::NoTurningPoints.into()]);
        }
        let count = points.len();
        let index = match (to, self.shown) {
            (Walk::Next, None) => 0,
            (Walk::Next, Some(i)) if i + 1 < count => i + 1,
            (Walk::Next, Some(_)) => return Err(vec![ReviewRefusal::AtLast.into()]),
            (Walk::Back, Some(i)) if i > 0 => i - 1,
            (Walk::Back, _) => return Err(vec![ReviewRefusal::AtFirst.into()]),
            (Walk::To(n), _) if (1..=count).contains(&(n as usize)) => n as usize - 1,
            (Walk::To(n), _) => {
                return Err(vec![ReviewRefusal::NoSuchPoint { asked: n, count }.into()]);
            }
        };
        self.shown = Some(index);
        let v = &points[index];
        Ok((
            v.ply,
            ReviewEvent::Turning(turning(game, v, index, count)).into(),
        ))
    }

    /// `review line`: the better line at the turning point shown.
    pub fn line(&self, game: &Game) -> Vec<Event> {
        let (Some(review), Some(i)) = (self.kept_of(game), self.shown) else {
            return vec![ReviewRefusal::NoPointShown.into()];
        };
        let Some(v) = review.turning_points(game).into_iter().nth(i) else {
            return vec![ReviewRefusal::NoPointShown.into()];
        };
        let mut pos = position_at(game, v.ply);
        let mut line = Vec::new();
        for mv in legal_prefix(&pos, &v.better).into_iter().take(LINE_PLIES) {
            line.push(MoveFacts::of_move(&pos, mv));
            pos.play_unchecked(mv);
        }
        vec![ReviewEvent::Line(line).into()]
    }

    /// Another game is on the board: no turning point is shown, and its
    /// opening is still to be said.
    pub fn on_new_game(&mut self) {
        self.shown = None;
        self.opening_said = false;
    }

    /// After a move played in `game`: the opening's name, once, when the
    /// game has just left the last position with a name.
    pub fn opening_left(&mut self, game: &Game, on: bool) -> Option<Event> {
        if !on || self.opening_said {
            return None;
        }
        let plies = game.plies().len();
        let (opening, at) = game.opening()?;
        // The position before the move had the name; this one has none.
        if at + 1 != plies || crate::rules::opening_of(game.position()).is_some() {
            return None;
        }
        self.opening_said = true;
        Some(ReviewEvent::Opening(opening).into())
    }
}

/// Where `review` walks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Walk {
    /// The next turning point (the first at the start).
    Next,
    /// The one before.
    Back,
    /// Turning point N, from 1.
    To(u32),
}

/// `opening`: the game's opening by position, or that it has none.
pub(super) fn opening(t: &Table, full: Option<&Game>) -> Event {
    match full.unwrap_or(&t.game).opening() {
        Some((opening, _)) => ReviewEvent::Opening(opening).into(),
        None => ReviewEvent::NoOpening.into(),
    }
}

/// Walking before a review: one is under way, or none was made.
fn not_reviewed(running: bool) -> Event {
    if running {
        ReviewRefusal::Busy.into()
    } else {
        ReviewRefusal::NotReviewed.into()
    }
}

/// The position before ply `index` of `game` (after the last move for
/// the last index).
fn position_at(game: &Game, index: usize) -> Chess {
    game.position_before(index)
        .unwrap_or(game.position())
        .clone()
}

/// What a search found in `pos`, from White's side. A position without
/// a legal move is judged by the rules, not the search: mate is lost
/// for the side to move, stalemate is a draw.
fn position_eval(pos: &Chess, result: &SearchResult) -> PositionEval {
    let white = if pos.turn() == Color::White { 1 } else { -1 };
    if pos.legal_moves().is_empty() {
        // lichess's `#0`: the side to move is mated; the mating move is
        // not judged, nor scored for accuracy.
        let eval = if pos.is_checkmate() {
            Eval::Mate(0)
        } else {
            Eval::Cp(0)
        };
        return PositionEval {
            eval,
            line: Vec::new(),
        };
    }
    let eval = match result.score {
        Score::Cp(cp) => Eval::Cp(cp * white),
        Score::Mate(n) => Eval::Mate(n * white),
    };
    let line: Vec<Move> = legal_prefix(pos, &result.pv);
    PositionEval { eval, line }
}

/// A verdict as the sentence says it.
fn turning(game: &Game, v: &Verdict, index: usize, count: usize) -> TurningPoint {
    let pos = position_at(game, v.ply);
    let played = MoveFacts::of_move(&pos, game.plies()[v.ply].mv);
    let better = v
        .better
        .first()
        .filter(|m| pos.is_legal(**m))
        .map(|m| MoveFacts::of_move(&pos, *m));
    let side = !v.mover;
    let pct = |e: Eval| judge::mover_win_percent(side, e).round().clamp(0.0, 100.0) as u32;
    TurningPoint {
        index: index + 1,
        count,
        played,
        judgement: v.judgement,
        better,
        side,
        before: pct(v.before),
        after: pct(v.after),
        eval: v.after,
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;
    use crate::engine::host::Request;
    use crate::event::ReviewEvent;
    use crate::rules::Judgement;
    use crate::session::testing::{analysed, engine_requests};
    use crate::session::{Effect, Input, Rooms};
    use crate::settings::{OpponentChoice, ReviewDepth, Settings};

    /// A hot-seat game in which Black leaves the queen to a knight
    /// (2...Qg5?? 3.Nxg5) and resigns.
    fn blundered() -> (Rooms, Instant) {
        let settings = Settings {
            opponent: OpponentChoice::Human,
            review_depth: ReviewDepth(6),
            ..Settings::default()
        };
        let mut s = Rooms::new(Game::new(), settings);
        let t0 = Instant::now();
        for line in ["e4", "e5", "Nf3", "Qg5", "Nxg5", "resign"] {
            s.line_at(line, t0);
        }
        assert!(s.table.game.is_over());
        (s, t0)
    }

    fn review_events(events: &[Event]) -> Vec<&ReviewEvent> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Review(r) => Some(r),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_queen_left_to_a_knight_is_the_one_blunder_with_a_better_move() {
        let (mut s, t0) = blundered();
        let events = s.line_analysed("review", t0);
        let said = review_events(&events);
        assert!(
            matches!(
                said[0],
                ReviewEvent::Started {
                    positions: 6,
                    engine: None
                }
            ),
            "{said:?}"
        );
        let Some(ReviewEvent::Summary(summary)) = said.get(1) else {
            panic!("{said:?}");
        };
        assert_eq!(summary.opening.map(|o| o.eco), Some("C40"));
        assert_eq!(summary.sides.black.blunders, 1, "{summary:?}");
        let white = summary.sides.white;
        assert_eq!((white.mistakes, white.blunders), (0, 0), "{summary:?}");
        assert_eq!(summary.turning_points, 1);
        assert_eq!(summary.missing, 0);
        assert!(
            summary
                .sides
                .white
                .accuracy
                .is_some_and(|a| a > summary.sides.black.accuracy.unwrap())
        );
        let Some(ReviewEvent::Turning(point)) = said.get(2) else {
            panic!("{said:?}");
        };
        assert_eq!(point.played.san, "Qg5");
        assert_eq!(point.judgement, Judgement::Blunder);
        let better = point.better.as_ref().expect("a better move");
        assert_ne!(better.san, "Qg5");
        assert_eq!(point.side, Color::White);
        assert!(point.before < 70 && point.after > 90, "{point:?}");
        assert_eq!(said.len(), 3, "{said:?}");
    }

    #[test]
    fn a_second_review_is_said_at_once_without_the_engine() {
        let (mut s, t0) = blundered();
        let first = s.line_analysed("review", t0);
        let step = s.step_line("review", t0);
        assert!(engine_requests(&step).is_empty());
        assert_eq!(review_events(&step.events), review_events(&first)[1..]);
    }

    #[test]
    fn walking_shows_the_position_before_the_blunder_and_the_better_line() {
        let (mut s, t0) = blundered();
        let before = s.line_at("review next", t0);
        assert!(matches!(
            review_events(&before)[..],
            [ReviewEvent::Refused(ReviewRefusal::NotReviewed)]
        ));
        s.line_analysed("review", t0);
        let events = s.line_at("review next", t0);
        assert!(matches!(
            review_events(&events)[..],
            [ReviewEvent::Turning(_)]
        ));
        // The replay shows the position before 2...Qg5: every reading
        // command reads it.
        assert!(s.replay.replaying());
        assert_eq!(s.table.game.plies().len(), 3);
        let line = s.line_at("review line", t0);
        let [ReviewEvent::Line(moves)] = review_events(&line)[..] else {
            panic!("{line:?}");
        };
        assert!(!moves.is_empty() && moves.len() <= 5);
        assert_ne!(moves[0].san, "Qg5");
        let last = s.line_at("review next", t0);
        assert!(matches!(
            review_events(&last)[..],
            [ReviewEvent::Refused(ReviewRefusal::AtLast)]
        ));
        let none = s.line_at("review 2", t0);
        assert!(matches!(
            review_events(&none)[..],
            [ReviewEvent::Refused(ReviewRefusal::NoSuchPoint {
                asked: 2,
                count: 1
            })]
        ));
        // The whole game is reviewed still, from the position shown.
        let again = s.line_at("review", t0);
        assert!(matches!(review_events(&again)[0], ReviewEvent::Summary(_)));
    }

    #[test]
    fn stop_ends_the_review_keeps_what_it_found_and_review_goes_on() {
        let (mut s, t0) = blundered();
        let step = s.step_line("review", t0);
        assert!(step.next.waiting);
        let asked = engine_requests(&step);
        let [first @ Request::Analyse(_)] = &asked[..] else {
            panic!("{asked:?}");
        };
        let step = s.step(Input::Engine(analysed(first)), t0);
        let second = engine_requests(&step).remove(0);
        let stop = s.step_line("stop", t0);
        assert!(!stop.next.waiting);
        assert!(
            stop.effects
                .iter()
                .any(|e| matches!(e, Effect::StopAnalysis(id) if *id == second.id()))
        );
        assert!(matches!(
            review_events(&stop.events)[..],
            [ReviewEvent::Stopped { done: 1, total: 6 }]
        ));
        // The stopped search's answer comes all the same, and is dropped.
        let late = s.step(Input::Engine(analysed(&second)), t0);
        assert!(late.events.is_empty() && engine_requests(&late).is_empty());
        let nothing = s.line_at("stop", t0);
        assert!(matches!(
            review_events(&nothing)[..],
            [ReviewEvent::Refused(ReviewRefusal::NothingToStop)]
        ));
        // Going on asks only for the five positions left.
        let mut asked = 0;
        let mut step = s.step_line("review", t0);
        while let Some(request) = engine_requests(&step).into_iter().next() {
            asked += 1;
            step = s.step(Input::Engine(analysed(&request)), t0);
        }
        assert_eq!(asked, 5);
        assert!(matches!(
            review_events(&step.events)[0],
            ReviewEvent::Summary(_)
        ));
    }

    #[test]
    fn a_game_still_running_or_without_moves_is_not_reviewed() {
        let mut s = Rooms::new(Game::new(), Settings::default());
        let t0 = Instant::now();
        let events = s.line_at("review", t0);
        assert!(matches!(
            review_events(&events)[..],
            [ReviewEvent::Refused(ReviewRefusal::NoMoves)]
        ));
        let mut s = Rooms::new(
            Game::new(),
            Settings {
                opponent: OpponentChoice::Human,
                ..Settings::default()
            },
        );
        s.line_at("e4", t0);
        let events = s.line_at("review", t0);
        assert!(matches!(
            review_events(&events)[..],
            [ReviewEvent::Refused(ReviewRefusal::GameRunning)]
        ));
    }

    #[test]
    fn the_opening_is_said_once_when_the_game_leaves_the_book() {
        let settings = Settings {
            opponent: OpponentChoice::Human,
            ..Settings::default()
        };
        let mut s = Rooms::new(Game::new(), settings);
        let t0 = Instant::now();
        let mut said = Vec::new();
        for line in ["e4", "e5", "Nf3", "Qg5", "Nxg5", "Kd8", "Qh5", "Ke8"] {
            let events = s.line_at(line, t0);
            for e in review_events(&events) {
                said.push((line, e.clone()));
            }
        }
        let [(when, ReviewEvent::Opening(o))] = &said[..] else {
            panic!("{said:?}");
        };
        assert_eq!(
            (*when, o.eco, o.name),
            ("Qg5", "C40", "King's Knight Opening")
        );
        let asked = s.line_at("opening", t0);
        assert!(matches!(
            review_events(&asked)[..],
            [ReviewEvent::Opening(_)]
        ));
        // Off, nothing is said.
        s.line_at("new", t0);
        s.line_at("set opening off", t0);
        let mut quiet = Vec::new();
        for line in ["e4", "e5", "Nf3", "Qg5"] {
            quiet.extend(s.line_at(line, t0));
        }
        assert!(review_events(&quiet).is_empty(), "{quiet:?}");
    }

    /// The progress said in a review whose every position takes
    /// `each`, to a person at a terminal or to a script.
    fn progress(each: Duration, interactive: bool) -> Vec<u32> {
        let (mut s, t0) = blundered();
        s.interactive = interactive;
        let mut step = s.step_line("review", t0);
        let mut said = Vec::new();
        let mut at = t0;
        while let Some(request) = engine_requests(&step).into_iter().next() {
            at += each;
            step = s.step(Input::Engine(analysed(&request)), at);
            for e in review_events(&step.events) {
                if let ReviewEvent::Progress(p) = e {
                    said.push(*p);
                }
            }
        }
        assert!(matches!(
            review_events(&step.events)[0],
            ReviewEvent::Summary(_)
        ));
        said
    }

    #[test]
    fn progress_is_said_to_a_person_waiting_by_quarters_and_every_five_seconds() {
        let secs = Duration::from_secs;
        // Six positions: the quarters fall after the 2nd, 3rd and 5th
        // (33, 50 and 83 percent done); the summary ends it.
        assert_eq!(progress(secs(2), true), [33, 50, 83]);
        // Five seconds with no word: every position says how far.
        assert_eq!(progress(secs(6), true), [16, 33, 50, 66, 83]);
        // A review over in a moment says nothing until its summary, and
        // a script hears only the result.
        assert_eq!(
            progress(Duration::from_millis(100), true),
            Vec::<u32>::new()
        );
        assert_eq!(progress(secs(6), false), Vec::<u32>::new());
    }
}
