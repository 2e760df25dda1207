//! Analyses on an external UCI engine, for the game review: what its
//! `info` lines say of a `go depth N` or `go nodes N`, read into the
//! [`SearchResult`] the built-in engine gives, so that nobody after the
//! host needs to know which engine analysed. As everywhere in the
//! client, nothing the engine sends may panic: a line that does not
//! parse is noise, a move that is not legal ends the line it is in.

use std::time::{Duration, Instant};

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};
use vampirc_uci::{UciInfoAttribute, UciMessage};

use super::client::{EngineOutput, Failure, wait_for};
use super::host::Budget;
use super::search::{Score, SearchResult};

/// How long any analysis may take at most, whatever its budget.
pub const MAX_ANALYSIS_TIME: Duration = Duration::from_secs(600);
/// What every analysis may take beyond what its budget should need:
/// starting threads, a loaded machine, a slow first search.
const ANALYSIS_MARGIN: Duration = Duration::from_secs(10);
/// Up to this depth a search fits in the margin: Stockfish 15 on one
/// thread of this machine needs about 0.1 s at depth 14 and 0.4 s at
/// depth 18, so even a slow engine on a slow machine has room.
const DEPTH_IN_MARGIN: u32 = 16;
/// Nodes per second of a slow engine on a slow machine (Stockfish does
/// about 600,000 on one thread here).
const SLOW_NODES_PER_SECOND: u64 = 100_000;

/// How long an external engine may think on `budget` before it counts
/// as hung. Generous: the review would rather wait than lose an
/// engine's analysis to a slow moment. A depth up to 16 gets 10 s, and
/// every ply beyond doubles it (a search grows by less than that per
/// ply); a node budget gets 10 s more than a slow engine needs for it.
/// Never more than [`MAX_ANALYSIS_TIME`].
pub fn analysis_time(budget: Budget) -> Duration {
    let time = match budget {
        Budget::Depth(d) => {
            let doublings = d.saturating_sub(DEPTH_IN_MARGIN).min(16);
            ANALYSIS_MARGIN.saturating_mul(1 << doublings)
        }
        Budget::Nodes(n) => {
            let seconds = Duration::from_secs(n / SLOW_NODES_PER_SECOND);
            ANALYSIS_MARGIN.saturating_add(seconds)
        }
    };
    time.min(MAX_ANALYSIS_TIME)
}

/// One `info` line's verdict: its score, and the line it expects.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Verdict {
    score: Score,
    pv: Vec<vampirc_uci::UciMove>,
    depth: Option<u32>,
}

/// What a search's `info` lines have said so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Findings {
    /// The last verdict with an exact score.
    exact: Option<Verdict>,
    /// The last verdict, bound or not.
    last: Option<Verdict>,
    /// The last node count given.
    nodes: u64,
}

impl Findings {
    /// Takes in one `info` line.
    pub fn hear(&mut self, attributes: &[UciInfoAttribute]) {
        let mut score = None;
        let mut exact = true;
        let mut pv = Vec::new();
        let mut depth = None;
        for attribute in attributes {
            match attribute {
                UciInfoAttribute::Score {
                    cp,
                    mate,
                    lower_bound,
                    upper_bound,
                } => {
                    score = match (mate, cp) {
                        (Some(m), _) => Some(Score::Mate(i32::from(*m))),
                        (None, Some(cp)) => Some(Score::Cp(*cp)),
                        (None, None) => None,
                    };
                    exact = lower_bound != &Some(true) && upper_bound != &Some(true);
                }
                UciInfoAttribute::Pv(moves) => pv.clone_from(moves),
                UciInfoAttribute::Depth(d) => depth = Some(u32::from(*d)),
                UciInfoAttribute::Nodes(n) => self.nodes = *n,
                // Only the best line is asked for; an engine set to show
                // more gives the others numbers above one.
                UciInfoAttribute::MultiPv(n) if *n > 1 => return,
                _ => {}
            }
        }
        let Some(score) = score else { return };
        let verdict = Verdict { score, pv, depth };
        if exact {
            self.exact = Some(verdict.clone());
        }
        self.last = Some(verdict);
    }

    /// The result of the search that chose `best` in `pos`, or `None`
    /// when no line gave a score. The score is the last exact one (the
    /// last bound when none was exact), and its line the expected one
    /// when it starts with `best`.
    pub fn result(&self, pos: &Chess, best: Move) -> Option<SearchResult> {
        let chosen = self.exact.as_ref().or(self.last.as_ref())?;
        let pv = [Some(chosen), self.last.as_ref()]
            .into_iter()
            .flatten()
            .map(|v| legal_line(pos, &v.pv))
            .find(|line| line.first() == Some(&best))
            .unwrap_or_else(|| vec![best]);
        let depth = chosen.depth.or(self.last.as_ref().and_then(|v| v.depth));
        Some(SearchResult {
            best: Some(best),
            score: chosen.score,
            pv,
            depth: depth.unwrap_or(0),
            nodes: self.nodes,
        })
    }
}

/// The moves of `line` from `pos` up to the first one that is not legal.
fn legal_line(pos: &Chess, line: &[vampirc_uci::UciMove]) -> Vec<Move> {
    let mut pos = pos.clone();
    let mut legal = Vec::with_capacity(line.len());
    for text in line {
        let Ok(uci) = text.to_string().parse::<UciMove>() else {
            break;
        };
        let Ok(m) = uci.to_move(&pos) else { break };
        pos.play_unchecked(m);
        legal.push(m);
    }
    legal
}

/// Reads the answer to `go` in `pos` up to `bestmove`, taking in every
/// `info` line on the way: the move, checked to be legal in `pos`.
pub fn read_analysis(
    output: &mut impl EngineOutput,
    deadline: Instant,
    pos: &Chess,
    heard: &mut Findings,
) -> Result<Move, Failure> {
    let mut answer = Err(Failure::Garbled);
    wait_for(output, deadline, Failure::Hung, |m| match m {
        UciMessage::Info(attributes) => {
            heard.hear(&attributes);
            false
        }
        UciMessage::BestMove { best_move, .. } => {
            answer = match best_move.to_string().parse::<UciMove>() {
                Ok(u) => u.to_move(pos).map_err(|_| Failure::IllegalMove(u)),
                Err(_) => Err(Failure::Garbled),
            };
            true
        }
        _ => false,
    })?;
    answer
}

#[cfg(test)]
mod tests {
    use super::super::client::tests::{script, soon};
    use super::*;

    fn analysed(fen: &str, output: &str) -> Result<Option<SearchResult>, Failure> {
        let pos: Chess = fen
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let mut heard = Findings::default();
        let best = read_analysis(&mut script(output), soon(), &pos, &mut heard)?;
        Ok(heard.result(&pos, best))
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn uci(pos: &Chess, moves: &[&str]) -> Vec<Move> {
        let mut pos = pos.clone();
        let mut out = Vec::new();
        for text in moves {
            let m = text.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
            out.push(m);
        }
        out
    }

    #[test]
    fn the_last_exact_score_counts_with_its_line() {
        let result = analysed(
            START,
            "info string NNUE evaluation using nn.nnue enabled\n\
             info depth 1 seldepth 1 multipv 1 score cp 20 nodes 20 nps 20000 pv e2e4\n\
             info depth 2 seldepth 2 multipv 1 score cp 35 nodes 80 pv d2d4 d7d5\n\
             info depth 3 seldepth 3 multipv 1 score cp 50 lowerbound nodes 200 pv e2e4\n\
             info depth 3 currmove g1f3 currmovenum 4\n\
             info depth 3 nodes 300\n\
             bestmove d2d4 ponder d7d5\n",
        )
        .unwrap()
        .unwrap();
        let start = Chess::default();
        assert_eq!(result.best, uci(&start, &["d2d4"]).first().copied());
        assert_eq!(result.score, Score::Cp(35));
        assert_eq!(result.pv, uci(&start, &["d2d4", "d7d5"]));
        assert_eq!((result.depth, result.nodes), (2, 300));
    }

    #[test]
    fn bounds_count_when_nothing_is_exact_and_other_lines_are_ignored() {
        let result = analysed(
            START,
            "info depth 4 score cp -10 upperbound pv g1f3\n\
             info depth 4 multipv 2 score cp 90 pv e2e4\n\
             info depth 4 score mate -3 lowerbound pv e2e4\n\
             bestmove g1f3\n",
        )
        .unwrap()
        .unwrap();
        assert_eq!(result.score, Score::Mate(-3));
        // The line of the score starts with another move than the best:
        // the last line that starts with it stands in.
        assert_eq!(result.pv, uci(&Chess::default(), &["g1f3"]));
        assert_eq!(result.depth, 4);
    }

    #[test]
    fn a_line_is_cut_at_its_first_illegal_move() {
        let result = analysed(
            START,
            "info depth 5 score cp 12 pv e2e4 e7e5 e4e5 g1f3\nbestmove e2e4\n",
        )
        .unwrap()
        .unwrap();
        assert_eq!(result.pv, uci(&Chess::default(), &["e2e4", "e7e5"]));
        // Not even its first move legal: the best move alone.
        let result = analysed(START, "info score cp 1 pv e2e5\nbestmove e2e4\n")
            .unwrap()
            .unwrap();
        assert_eq!(result.pv, uci(&Chess::default(), &["e2e4"]));
    }

    #[test]
    fn no_score_or_no_move_is_no_analysis() {
        assert_eq!(
            analysed(START, "info depth 1 pv e2e4\nbestmove e2e4\n"),
            Ok(None)
        );
        assert_eq!(
            analysed(START, "info depth 1 score cp 3 pv e2e4\n"),
            Err(Failure::Crashed)
        );
        assert_eq!(
            analysed(START, "info score cp 3\nbestmove (none)\n"),
            Err(Failure::Garbled)
        );
        assert!(matches!(
            analysed(START, "info score cp 3\nbestmove e7e5\n"),
            Err(Failure::IllegalMove(_))
        ));
    }

    #[test]
    fn nothing_an_engine_says_in_info_panics() {
        for line in [
            "info score cp 99999999999 depth 999 seldepth 300 nodes 999999999999 pv e2e4",
            "info score mate 300 multipv 70000 hashfull 99999999 pv e2e4 e7e5 e5e4",
            "info score mate -0 pv a1a1",
            "info score lowerbound upperbound",
            "info pv",
            "info score cp",
            "info \u{7f}\u{0}score cp 1",
        ] {
            let _ = analysed(START, &format!("{line}\nbestmove e2e4\n"));
        }
    }

    #[test]
    fn the_time_allowed_grows_with_the_budget_and_has_an_end() {
        let s = Duration::from_secs;
        assert_eq!(analysis_time(Budget::Depth(10)), s(10));
        assert_eq!(analysis_time(Budget::Depth(16)), s(10));
        assert_eq!(analysis_time(Budget::Depth(18)), s(40));
        assert_eq!(analysis_time(Budget::Depth(u32::MAX)), MAX_ANALYSIS_TIME);
        assert_eq!(analysis_time(Budget::Nodes(1_000_000)), s(20));
        assert_eq!(analysis_time(Budget::Nodes(u64::MAX)), MAX_ANALYSIS_TIME);
    }
}
