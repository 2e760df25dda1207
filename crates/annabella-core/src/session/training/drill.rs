//! Drills and questions during a game: `drill KIND [N]`, `drill stop`,
//! `drill stats`, and every `quizevery` moves of the opponent a question
//! about the position. Answers are timed with the time passed in and
//! judged by [`crate::training`]; the statistics go to the store after
//! every answer.

use std::time::{Duration, Instant};

use shakmaty::Position;

use crate::event::{Event, Refused, StatsLine, TrainingEvent};
use crate::input::DrillOrder;
use crate::input::commands::Command;
use crate::rules::MoveFacts;
use crate::store::Request;
use crate::training::{
    Drill, DrillKind, Presentation, Question, Start, Step, judge, quiz_question,
};

use super::super::Prompt;
use super::super::opponent::Opponent;
use super::super::table::Table;
use super::Training;

/// A drill in progress, and when its question was asked.
#[derive(Clone, Debug)]
pub(super) struct Running {
    pub drill: Drill,
    pub asked: Option<Instant>,
}

/// Questions during the game: answered right, asked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Quiz {
    pub right: u32,
    pub asked: u32,
    /// Questions put, answered or not: their numbers.
    pub posed: u32,
    /// Moves of the opponent since the last question.
    pub moves: u32,
}

impl Training {
    /// `drill KIND [N]`, `drill stop`, `drill stats`.
    pub fn drill_command(&mut self, t: &mut Table, order: DrillOrder) -> Vec<Event> {
        match order {
            DrillOrder::Stop => self.stop_drill(t),
            DrillOrder::Stats => self.drill_stats(),
            DrillOrder::Unknown(word) => vec![Refused::UnknownDrill(word).into()],
            DrillOrder::Start { kind, count } => {
                let seed = t.rng.below(usize::MAX) as u64;
                let drill = Drill::new(kind, count, seed, &self.stats);
                self.drill = Some(Running { drill, asked: None });
                self.drill_steps(t)
            }
        }
    }

    /// Shows and asks what the drill wants next; its end with the score.
    fn drill_steps(&mut self, t: &mut Table) -> Vec<Event> {
        let mut events = Vec::new();
        let now = t.now;
        while let Some(running) = self.drill.as_mut() {
            match running.drill.step() {
                Step::Show(presentation) => events.push(shown(presentation)),
                Step::Ask(question) => {
                    running.asked = now;
                    let number = running.drill.summary().total + 1;
                    events.push(TrainingEvent::Asked { number, question }.into());
                    t.prompt = Some(Prompt::Drill);
                    break;
                }
                Step::Done(summary) => {
                    self.stats.finish(&summary);
                    let best = self.stats.drill(summary.kind).and_then(|s| s.best);
                    self.drill = None;
                    t.prompt = None;
                    events.push(TrainingEvent::DrillDone { summary, best }.into());
                }
            }
        }
        events
    }

    /// A line while a drill question is open.
    pub fn answer_drill(&mut self, t: &mut Table, line: &str) -> Result<Vec<Event>, Prompt> {
        let first = line.split_whitespace().next().unwrap_or("");
        if line.trim_end().ends_with('?') || Command::from_word(first).is_some() {
            return Err(Prompt::Drill);
        }
        let now = t.now;
        let Some(running) = self.drill.as_mut() else {
            return Err(Prompt::Drill);
        };
        let Some(question) = running.drill.question().copied() else {
            return Err(Prompt::Drill);
        };
        let elapsed = match (running.asked, now) {
            (Some(asked), Some(now)) => now.saturating_duration_since(asked),
            _ => Duration::ZERO,
        };
        let Some(judged) = running
            .drill
            .answer_and_record(line, elapsed, &mut self.stats)
        else {
            return Err(Prompt::Drill);
        };
        if !judged.understood {
            t.prompt = Some(Prompt::Drill);
            return Ok(vec![TrainingEvent::Unreadable(question).into()]);
        }
        let mut events = vec![
            TrainingEvent::Judged {
                question,
                right: judged.right,
                expected: judged.expected,
            }
            .into(),
        ];
        events.extend(self.drill_steps(t));
        // Once per answer, the best score with it when the drill ended.
        self.save_stats(t);
        Ok(events)
    }

    /// `drill stop`: the score so far.
    fn stop_drill(&mut self, t: &mut Table) -> Vec<Event> {
        let Some(running) = self.drill.take() else {
            return vec![Refused::NoDrill.into()];
        };
        t.prompt = None;
        let summary = running.drill.summary();
        vec![TrainingEvent::DrillStopped(summary).into()]
    }

    /// `drill stats`: a short line per drill played.
    fn drill_stats(&self) -> Vec<Event> {
        let lines: Vec<StatsLine> = DrillKind::ALL
            .into_iter()
            .filter_map(|kind| {
                let s = self.stats.drill(kind)?;
                let missed = self
                    .stats
                    .most_missed(kind, 3)
                    .into_iter()
                    .map(|(sq, _)| sq)
                    .collect();
                // Only a drill of several kinds of question has one to name.
                let several = matches!(
                    kind,
                    DrillKind::Reach | DrillKind::Memory | DrillKind::Follow
                );
                let missed_kind = s
                    .missed_kinds
                    .iter()
                    .filter(|&(_, &n)| n > 0 && several)
                    .max_by_key(|&(_, &n)| n)
                    .and_then(|(id, _)| crate::training::QuestionKind::from_id(id));
                Some(StatsLine {
                    missed_kind,
                    kind,
                    asked: s.asked,
                    right: s.right,
                    mean: Duration::from_millis(s.total_ms / u64::from(s.asked.max(1))),
                    best: s.best,
                    missed,
                })
            })
            .collect();
        vec![TrainingEvent::Stats(lines).into()]
    }

    fn save_stats(&self, t: &mut Table) {
        t.ask_store(Request::SaveStats(Box::new(self.stats.clone())));
    }

    /// After a move of the opponent: every `quizevery` of them, a question
    /// about the position, when nothing else is asked.
    pub fn ask_quiz(&mut self, t: &mut Table, o: Opponent, mover: shakmaty::Color) -> Vec<Event> {
        let every = u32::from(t.settings.quiz_every.0);
        if every == 0 || !o.repeats_moves_of(mover) || t.game.is_over() {
            return Vec::new();
        }
        self.quiz.moves += 1;
        if self.quiz.moves < every || t.prompt.is_some() {
            return Vec::new();
        }
        self.quiz.moves = 0;
        self.quiz.posed += 1;
        let question = quiz_question(t.game.position(), &mut t.rng);
        t.prompt = Some(Prompt::Quiz {
            question,
            asked: t.now,
        });
        vec![
            TrainingEvent::Asked {
                number: self.quiz.posed,
                question,
            }
            .into(),
        ]
    }

    /// The questions about the game as kept with it: right, of asked.
    pub fn saved_quiz(&self) -> Option<(u32, u32)> {
        let q = self.quiz;
        (q.asked > 0).then_some((q.right, q.asked))
    }

    /// The questions of a kept game.
    pub fn restore_quiz(&mut self, saved: Option<(u32, u32)>) {
        let (right, asked) = saved.unwrap_or((0, 0));
        self.quiz = Quiz {
            right: right.min(asked),
            asked,
            posed: asked,
            moves: 0,
        };
    }

    /// A line while a question about the game is open: judged when it
    /// reads as an answer, else it is a move or command of its own.
    pub fn answer_quiz(
        &mut self,
        t: &Table,
        question: Question,
        asked: Option<Instant>,
        line: &str,
    ) -> Result<Vec<Event>, Prompt> {
        let first = line.split_whitespace().next().unwrap_or("");
        let prompt = Prompt::Quiz { question, asked };
        if line.trim_end().ends_with('?') || Command::from_word(first).is_some() {
            return Err(prompt);
        }
        let judged = judge(&question, t.game.position(), line);
        if !judged.understood {
            return Err(prompt);
        }
        self.quiz.asked += 1;
        self.quiz.right += u32::from(judged.right);
        Ok(vec![
            TrainingEvent::Judged {
                question,
                right: judged.right,
                expected: judged.expected,
            }
            .into(),
        ])
    }
}

/// What a drill reads out, ready to be said: the position, or the moves
/// from their start, each move described in the position it is played in.
fn shown(presentation: Presentation) -> Event {
    match presentation {
        Presentation::Position(pos) => {
            TrainingEvent::ShowPosition(Box::new(pos.board().clone())).into()
        }
        Presentation::Moves { start, moves } => {
            let (mut pos, shown_start) = match start {
                Start::Standard => (shakmaty::Chess::default(), None),
                Start::Fen(fen) => {
                    let pos: shakmaty::Chess = fen
                        .into_position(shakmaty::CastlingMode::Chess960)
                        .unwrap_or_default();
                    let board = pos.board().clone();
                    (pos, Some(Box::new(board)))
                }
            };
            let mut facts = Vec::new();
            for san in moves {
                let Ok(mv) = san.san.to_move(&pos) else {
                    break;
                };
                facts.push(MoveFacts::of_move(&pos, mv));
                pos.play_unchecked(mv);
            }
            TrainingEvent::ShowMoves {
                start: shown_start,
                moves: facts,
            }
            .into()
        }
    }
}
