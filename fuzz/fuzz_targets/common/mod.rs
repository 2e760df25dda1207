//! What the fuzz targets share: settings drawn from one byte, the
//! announcer, rendering every event, and an engine that answers the
//! session's requests at once, on this thread, without a process.

// Each target includes this module and uses only part of it.
#![allow(dead_code)]

use std::sync::OnceLock;

use annabella::announce::Announcer;
use annabella::engine::host::{Answer, Budget, Reply, Request};
use annabella::engine::search::{Limits, Searcher};
use annabella::event::Event;
use annabella::io::{LineSource, PlainLines};
use annabella::rules::key_of;
use annabella::session::{Input, Session};
use annabella::settings::{
    BoardStyle, Lang, OpponentChoice, Orientation, Settings, Style, Verbosity, Width,
};
use shakmaty::{Chess, Move, Position};

/// Nodes the stand-in engine searches per request: enough to find a
/// legal move and a line, little enough to keep thousands of runs a
/// second.
pub const ENGINE_NODES: u64 = 200;

/// The announcer, built once: parsing the Fluent files every run would
/// be most of the work.
pub fn announcer() -> &'static Announcer {
    static ANNOUNCER: OnceLock<Announcer> = OnceLock::new();
    ANNOUNCER.get_or_init(Announcer::new)
}

/// The UI language a byte picks.
pub fn lang(byte: u8) -> Lang {
    Lang::ALL[usize::from(byte) % Lang::ALL.len()]
}

/// Settings from one byte: language, style, verbosity, board style,
/// width and orientation vary; the opponent is a person (hot seat).
pub fn settings(byte: u8) -> Settings {
    let style = [Style::Fide, Style::Local, Style::Nato, Style::San];
    let verbosity = [Verbosity::Short, Verbosity::Normal, Verbosity::Full];
    let board = [BoardStyle::List, BoardStyle::Ranks, BoardStyle::Squares];
    let orientation = [Orientation::Player, Orientation::White, Orientation::Black];
    let b = usize::from(byte);
    Settings {
        lang: lang(byte),
        style: style[b / 3 % 4],
        verbosity: verbosity[b / 12 % 3],
        board_style: board[b / 36 % 3],
        orientation: orientation[b / 7 % 3],
        width: Width(if b % 5 == 0 { 20 + (b % 61) as u16 } else { 0 }),
        opponent: OpponentChoice::Human,
        ..Settings::default()
    }
}

/// Puts every event into words, as text and as speech, and words the
/// prompt, as the outputs would.
pub fn render(session: &Session, events: &[Event]) {
    let announcer = announcer();
    let settings = session.settings();
    for event in events {
        for line in announcer.render_lines(settings, event) {
            std::hint::black_box(line);
        }
        for spoken in announcer.spoken(settings, event) {
            std::hint::black_box(spoken);
        }
    }
    std::hint::black_box(announcer.prompt(settings, session.to_move()));
}

/// The position after `moves` from `initial`, with the keys of the
/// positions before it.
fn replay(initial: &Chess, moves: &[Move]) -> (Chess, Vec<u64>) {
    let mut pos = initial.clone();
    let mut keys = Vec::with_capacity(moves.len());
    for m in moves {
        assert!(pos.is_legal(*m), "the session asked about an illegal line");
        keys.push(key_of(&pos));
        pos.play_unchecked(*m);
    }
    (pos, keys)
}

/// Answers one request with a short built-in search; with `failing`,
/// a move reply also says the (external) engine failed, as the host does
/// when the built-in engine takes over.
pub fn answer(request: &Request, failing: bool) -> Reply {
    let (initial, moves, nodes) = match request {
        Request::Move(r) => (&r.initial, &r.moves, ENGINE_NODES),
        // A review's depth is held to the same few nodes: fuzzing wants
        // many steps, not good analyses.
        Request::Analyse(r) => match r.budget {
            Budget::Nodes(n) => (&r.initial, &r.moves, n.min(ENGINE_NODES)),
            Budget::Depth(_) => (&r.initial, &r.moves, ENGINE_NODES),
        },
    };
    let (pos, keys) = replay(initial, moves);
    let mut searcher = Searcher::new(1);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let result = searcher.search(&pos, &keys, &limits, &mut |_| {});
    if let Some(best) = result.best {
        assert!(pos.is_legal(best), "the search chose an illegal move");
    }
    match request {
        Request::Move(r) => {
            let failure = failing.then_some(annabella::engine::client::Failure::Hung);
            Reply::moved(r.id, result.best, failure)
        }
        Request::Analyse(r) => Reply {
            id: r.id,
            answer: Answer::Analysis {
                result,
                failure: failing.then_some(annabella::engine::client::Failure::Hung),
                engine: None,
            },
        },
    }
}

/// Steps `input` at `now` and says its events; the engine requests it
/// made, for [`serve_requests`].
pub fn step(session: &mut Session, input: Input, now: std::time::Instant) -> Vec<Request> {
    let step = session.step(input, now);
    render(session, &step.events);
    step.engine_requests().cloned().collect()
}

/// Hands engine requests to the stand-in engine and the replies back,
/// and so on for what the replies ask, until nothing more is asked (a
/// few rounds at most: the engine plays one side only).
pub fn serve_requests(
    session: &mut Session,
    mut requests: Vec<Request>,
    now: std::time::Instant,
    failing: bool,
) {
    for _ in 0..4 {
        if requests.is_empty() {
            return;
        }
        let mut next = Vec::new();
        for request in &requests {
            let reply = answer(request, failing);
            next.extend(step(session, Input::Engine(reply), now));
        }
        requests = next;
    }
}

/// The input as lines, read as annabella reads a pipe (the binary's
/// own line source): split at newlines, `\r` dropped, invalid UTF-8
/// replaced.
pub fn lines(data: &[u8]) -> impl Iterator<Item = String> + '_ {
    let mut source = PlainLines::new(data);
    std::iter::from_fn(move || source.read_line(""))
}
