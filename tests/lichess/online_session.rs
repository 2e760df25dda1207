//! The session in an online game, fed whatever the server may send:
//! states with any move lists (legal, illegal, garbage, shorter than the
//! game here), any statuses and clocks, lines for other games, streams
//! dropping and coming back, calls failing. Nothing may panic, the game
//! here is always the longest legal start of the server's last move
//! list, and no move is announced twice.

use std::time::{Duration, Instant};

use annabella::event::{Event, GameEvent, OnlineEvent, Refused};
use annabella::online::{Fault, FromLine, GameEvent as LineEvent, NetReply, Stream, StreamEvent};
use annabella::rules::Game;
use annabella::session::{Input, Session, Start, TokenFrom};
use annabella::settings::Settings;
use proptest::prelude::*;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};

const GAME: &str = "pRoPtEsT";

/// A session that has joined the game `GAME` as White, from the start.
fn joined(now: Instant) -> Session {
    let mut session = logged_in(now);
    let start = format!(
        r#"{{"type":"gameStart","game":{{"gameId":"{GAME}","fullId":"{GAME}abcd","color":"white","fen":"startpos","hasMoved":false,"isMyTurn":true,"lastMove":"","opponent":{{"id":"mary","username":"Mary","rating":1600}},"rated":false,"secondsLeft":600,"source":"lobby","speed":"rapid","variant":{{"key":"standard","name":"Standard"}},"compat":{{"bot":false,"board":true}}}}}}"#
    );
    let start = StreamEvent::from_line(&start).expect("a gameStart");
    session.step(Input::Net(NetReply::Up(Stream::Events)), now);
    session.step(Input::Net(NetReply::Event(Box::new(start))), now);
    session.step(Input::Line("yes".into()), now);
    let full = format!(
        r#"{{"type":"gameFull","id":"{GAME}","variant":{{"key":"standard","name":"Standard"}},"speed":"rapid","perf":{{"name":"Rapid"}},"rated":false,"createdAt":1,"white":{{"id":"bobby","name":"Bobby","rating":1500}},"black":{{"id":"mary","name":"Mary","rating":1600}},"initialFen":"startpos","clock":{{"initial":600000,"increment":5000}},"state":{{"type":"gameState","moves":"","wtime":600000,"btime":600000,"winc":5000,"binc":5000,"status":"started"}}}}"#
    );
    let full = LineEvent::from_line(&full).expect("a gameFull");
    session.step(
        Input::Net(NetReply::Game {
            game: GAME.to_string(),
            event: full,
        }),
        now,
    );
    session.step(
        Input::Net(NetReply::Up(Stream::Game(GAME.to_string()))),
        now,
    );
    session
}

/// What the server might send next.
#[derive(Clone, Debug)]
enum Sent {
    /// A state whose moves are the first `len` of the scripted line,
    /// perhaps spoilt at one place, with a status and clocks.
    State {
        len: usize,
        spoil: Option<(usize, String)>,
        status: &'static str,
        wtime: u64,
        btime: u64,
    },
    /// The whole game again (a reconnection).
    Full {
        len: usize,
    },
    /// A state for another game.
    Other,
    /// The stream drops, or comes back.
    Down,
    Up,
    /// A call fails.
    Failed(u64),
}

/// A line of 30 legal moves, the same in every case.
fn script() -> Vec<String> {
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    for i in 0..30 {
        let legal = pos.legal_moves();
        let Some(mv) = legal.get((i * 7) % legal.len().max(1)).copied() else {
            break;
        };
        moves.push(mv.to_uci(shakmaty::CastlingMode::Standard).to_string());
        pos.play_unchecked(mv);
        if pos.is_game_over() {
            break;
        }
    }
    moves
}

fn sent() -> impl Strategy<Value = Sent> {
    let status = prop::sample::select(vec![
        "started",
        "started",
        "started",
        "mate",
        "resign",
        "draw",
        "outoftime",
        "aborted",
        "timeout",
        "stalemate",
        "nonsense",
    ]);
    let spoil = prop::option::weighted(0.2, (0usize..30, "[a-z0-9 ]{0,6}".prop_map(String::from)));
    prop_oneof![
        6 => (0usize..31, spoil, status, 0u64..700_000, 0u64..700_000).prop_map(
            |(len, spoil, status, wtime, btime)| Sent::State { len, spoil, status, wtime, btime }
        ),
        1 => (0usize..31).prop_map(|len| Sent::Full { len }),
        1 => Just(Sent::Other),
        1 => Just(Sent::Down),
        1 => Just(Sent::Up),
        1 => (0u64..20).prop_map(Sent::Failed),
    ]
}

/// The longest start of `moves` that is legal from the start position.
fn legal_prefix(moves: &[String]) -> usize {
    let mut pos = Chess::default();
    for (i, uci) in moves.iter().enumerate() {
        let Ok(uci) = UciMove::from_ascii(uci.as_bytes()) else {
            return i;
        };
        let Ok(mv) = uci.to_move(&pos) else {
            return i;
        };
        pos.play_unchecked(mv);
    }
    moves.len()
}

fn state_json(moves: &str, status: &str, wtime: u64, btime: u64) -> String {
    format!(
        r#"{{"type":"gameState","moves":"{moves}","wtime":{wtime},"btime":{btime},"winc":5000,"binc":5000,"status":"{status}"}}"#
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_server_lines_keep_the_game_the_servers(steps in prop::collection::vec(sent(), 1..25)) {
        let line = script();
        let start = Instant::now();
        let mut session = joined(start);
        let mut server: Vec<String> = Vec::new();
        let mut announced = 0usize;
        let mut over = false;
        for (i, step) in steps.iter().enumerate() {
            let now = start + Duration::from_millis(100 * i as u64);
            let reply = match step {
                Sent::State { len, spoil, status, wtime, btime } => {
                    let mut moves: Vec<String> = line.iter().take(*len).cloned().collect();
                    if let Some((at, text)) = spoil
                        && *at < moves.len()
                    {
                        moves[*at] = text.trim().replace(' ', "");
                        moves.retain(|m| !m.is_empty());
                    }
                    let json = state_json(&moves.join(" "), status, *wtime, *btime);
                    let Ok(event) = LineEvent::from_line(&json) else { continue };
                    if !over {
                        server = moves;
                    }
                    over |= *status != "started";
                    NetReply::Game { game: GAME.to_string(), event }
                }
                Sent::Full { len } => {
                    let moves: Vec<String> = line.iter().take(*len).cloned().collect();
                    let json = format!(
                        r#"{{"type":"gameFull","id":"{GAME}","variant":{{"key":"standard","name":"Standard"}},"speed":"rapid","perf":{{"name":"Rapid"}},"rated":false,"createdAt":1,"white":{{"name":"Bobby"}},"black":{{"name":"Mary"}},"initialFen":"startpos","clock":{{"initial":600000,"increment":5000}},"state":{}}}"#,
                        state_json(&moves.join(" "), "started", 500_000, 500_000)
                    );
                    let event = LineEvent::from_line(&json).expect("a gameFull");
                    if !over {
                        server = moves;
                    }
                    NetReply::Game { game: GAME.to_string(), event }
                }
                Sent::Other => {
                    let json = state_json("e2e4", "started", 1, 1);
                    let event = LineEvent::from_line(&json).expect("a state");
                    NetReply::Game { game: "someElse".to_string(), event }
                }
                Sent::Down => NetReply::Down {
                    stream: Stream::Game(GAME.to_string()),
                    fault: Fault::Offline("gone".to_string()),
                    retry_in_ms: Some(1000),
                },
                Sent::Up => NetReply::Up(Stream::Game(GAME.to_string())),
                Sent::Failed(id) => NetReply::Done {
                    id: *id,
                    outcome: Err(Fault::Status { code: 400, reason: None }),
                },
            };
            let events = session.step(Input::Net(reply), now).events;
            announced += events
                .iter()
                .filter(|e| matches!(e, Event::Game(GameEvent::Moved(_))))
                .count();
            if !over {
                // The game here is the server's, as far as it is legal.
                let expected = legal_prefix(&server);
                prop_assert_eq!(session.game().plies().len(), expected);
            }
        }
        // Every move said was a move of the server's line (taken back
        // and said again only after the server took it back first).
        prop_assert!(announced <= steps.len() * line.len());
    }
}

/// The command table says what a command does in a game on lichess: the
/// refused ones are refused whatever follows them (a wrong `load`, too),
/// while the others' wrong arguments are said as ever.
#[test]
fn commands_the_table_refuses_on_lichess_are_refused() {
    let now = Instant::now();
    let mut session = joined(now);
    for line in [
        "new",
        "hint",
        "eval",
        "pause",
        "resume",
        "load kept",
        "load",
        "load a.pgn 0",
        "restore",
        "play",
        "next",
        "prev",
        "start",
        "end",
        "goto 1",
    ] {
        assert_eq!(
            session.step(Input::Line(line.to_string()), now).events,
            [Event::Online(OnlineEvent::NotOnline)],
            "{line}"
        );
    }
    for line in ["new purple", "goto", "pause now"] {
        assert!(
            matches!(
                session.step(Input::Line(line.to_string()), now).events[..],
                [Event::Refusal(Refused::Command(_))]
            ),
            "{line}"
        );
    }
    assert!(session.game().plies().is_empty());
}

/// The calls among a step's effects, with their ids.
fn calls(step: &annabella::session::Step) -> Vec<(u64, annabella::online::Call)> {
    step.effects
        .iter()
        .filter_map(|e| match e {
            annabella::session::Effect::Net(annabella::online::NetRequest::Call { id, call }) => {
                Some((*id, call.clone()))
            }
            _ => None,
        })
        .collect()
}

/// A session logged in (a token from the file), no game.
fn logged_in(now: Instant) -> Session {
    let mut session = Session::new(Game::new(), Settings::default());
    let start = Start {
        token: Some(TokenFrom::File),
        ..Start::default()
    };
    session.step(Input::Start(start), now);
    session
}

/// Whether the events say a seek or a challenge went out.
fn says_sent(events: &[Event]) -> bool {
    events.iter().any(|e| {
        matches!(
            e,
            Event::Online(OnlineEvent::Seeking { .. } | OnlineEvent::ChallengeSent { .. })
        )
    })
}

/// lichess unreachable: a seek or a challenge is not said to be out
/// before the server answered; the failure is said instead. Answered,
/// it is said (issue 24, item 19).
#[test]
fn a_seek_or_challenge_is_said_sent_only_once_lichess_answered() {
    let now = Instant::now();
    for line in ["seek 15+10", "challenge Anna 10+5"] {
        let mut session = logged_in(now);
        let step = session.step(Input::Line(line.to_string()), now);
        assert!(!says_sent(&step.events), "{line}: {:?}", step.events);
        let [(id, _)] = calls(&step)[..] else {
            panic!("{line}: one call: {:?}", step.effects);
        };
        let failed = NetReply::Done {
            id,
            outcome: Err(Fault::Offline("connection refused".to_string())),
        };
        let events = session.step(Input::Net(failed), now).events;
        assert!(!says_sent(&events), "{line}: {events:?}");
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::Online(OnlineEvent::Trouble(_)))),
            "{line}: {events:?}"
        );
        // Sent again with lichess there: said once the server answered.
        let step = session.step(Input::Line(line.to_string()), now);
        assert!(!says_sent(&step.events), "{line}: {:?}", step.events);
        let [(id, _)] = calls(&step)[..] else {
            panic!("{line}: one call: {:?}", step.effects);
        };
        let answered = if line.starts_with("seek") {
            NetReply::Accepted { id }
        } else {
            NetReply::Done {
                id,
                outcome: Ok("{}".to_string()),
            }
        };
        let events = session.step(Input::Net(answered), now).events;
        assert!(says_sent(&events), "{line}: {events:?}");
    }
}
