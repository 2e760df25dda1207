//! The client on its own: requests out, replies in, time passed by hand.

use std::time::{Duration, Instant};

use super::*;
use crate::online::{Control, FromLine, GameState};

const GAME: &str = "abcd1234";

fn challenge_line(id: &str, from: &str, direction: &str) -> StreamEvent {
    let line = format!(
        r#"{{"type":"challenge","challenge":{{"id":"{id}","challenger":{{"id":"x","name":"{from}"}},"destUser":{{"id":"me","name":"Me"}},"variant":{{"key":"standard","name":"Standard"}},"rated":false,"speed":"rapid","timeControl":{{"type":"clock","limit":600,"increment":0}},"color":"random","direction":"{direction}"}}}}"#
    );
    StreamEvent::from_line(&line).expect("a challenge")
}

/// What the client makes of a challenge from `from` on the event stream.
fn challenged(client: &mut Client, id: &str, from: &str, direction: &str) -> Option<News> {
    let line = challenge_line(id, from, direction);
    client.reply(NetReply::Event(Box::new(line)), None)
}

fn game_start(id: &str) -> NetReply {
    let line = format!(
        r#"{{"type":"gameStart","game":{{"gameId":"{id}","fullId":"{id}wxyz","color":"black","opponent":{{"id":"mary","username":"Mary","rating":1500}}}}}}"#
    );
    NetReply::Event(Box::new(
        StreamEvent::from_line(&line).expect("a gameStart"),
    ))
}

fn playing(ids: &[&str]) -> String {
    let games: Vec<String> = ids
        .iter()
        .map(|id| format!(r#"{{"gameId":"{id}","fullId":"{id}wxyz","color":"white"}}"#))
        .collect();
    format!(r#"{{"nowPlaying":[{}]}}"#, games.join(","))
}

/// A client with a token whose event stream is up, nothing pending.
fn online() -> Client {
    let mut client = Client::new();
    client.start(false);
    client.reply(NetReply::Up(Stream::Events), None);
    client.take_requests();
    client
}

/// The one call made since last asked: its id and the call.
fn the_call(client: &mut Client) -> (u64, Call) {
    match client.take_requests().as_slice() {
        [NetRequest::Call { id, call }] => (*id, call.clone()),
        other => panic!("one call expected, not {other:?}"),
    }
}

fn done(id: u64, body: &str) -> NetReply {
    NetReply::Done {
        id,
        outcome: Ok(body.to_string()),
    }
}

fn failed(id: u64, fault: Fault) -> NetReply {
    NetReply::Done {
        id,
        outcome: Err(fault),
    }
}

fn seek() -> Call {
    Call::Seek {
        control: Control {
            limit: 900,
            increment: 10,
        },
        rated: false,
        color: None,
    }
}

#[test]
fn the_event_stream_is_opened_once_and_awaited_until_up() {
    let mut client = Client::new();
    assert_eq!(client.blocked(None), Some(Blocked::NoToken));
    client.start(false);
    client.start(false);
    assert_eq!(client.take_requests(), [NetRequest::Watch(Stream::Events)]);
    assert!(client.waiting());
    assert_eq!(client.reply(NetReply::Up(Stream::Events), None), None);
    assert!(!client.waiting());
}

#[test]
fn online_lists_the_account_and_its_games() {
    let mut client = online();
    client.list(None).expect("sent");
    let (id, call) = the_call(&mut client);
    assert_eq!(call, Call::Account);
    assert!(client.waiting());
    let account = r#"{"id":"mary","username":"Mary"}"#;
    assert_eq!(client.reply(done(id, account), None), None);
    let (id, call) = the_call(&mut client);
    assert_eq!(call, Call::Playing);
    let Some(News::Games { username, games }) = client.reply(done(id, &playing(&[GAME])), None)
    else {
        panic!("the games");
    };
    assert_eq!(username, "Mary");
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].game_id, GAME);
    assert!(!client.waiting());
    // An answer to no call in flight is nothing.
    assert_eq!(client.reply(done(id, account), None), None);
}

#[test]
fn an_answer_that_cannot_be_read_is_said_and_nothing_panics() {
    let mut client = online();
    client.list(None).expect("sent");
    let (id, _) = the_call(&mut client);
    let news = client.reply(done(id, "<html>"), None);
    assert!(matches!(news, Some(News::Trouble(Fault::BadBody(_)))));
    assert_eq!(client.username(), None);
}

#[test]
fn a_seek_that_ends_is_checked_for_its_game() {
    let mut client = online();
    client.look_for_game(seek(), None).expect("sent");
    let (id, _) = the_call(&mut client);
    // A seek out is no reason for a script to wait, the game it asks
    // for is.
    assert!(client.waiting());
    assert_eq!(client.reply(done(id, ""), None), None);
    let (check, call) = the_call(&mut client);
    assert_eq!(call, Call::Playing);
    let news = client.reply(done(check, &playing(&[GAME])), None);
    assert!(matches!(news, Some(News::Join(ref info)) if info.game_id == GAME));
    assert_eq!(
        client.take_requests(),
        [NetRequest::Watch(Stream::Game(GAME.to_string()))]
    );
    assert!(!client.waiting());
    assert_eq!(client.game_link(), GameLink::Linking);
}

#[test]
fn a_seek_without_a_game_ends() {
    let mut client = online();
    client.look_for_game(seek(), None).expect("sent");
    let (id, _) = the_call(&mut client);
    client.reply(done(id, ""), None);
    let (check, _) = the_call(&mut client);
    assert_eq!(
        client.reply(done(check, &playing(&[])), None),
        Some(News::SeekEnded)
    );
    assert!(!client.waiting());
}

#[test]
fn abort_cancels_the_seek() {
    let mut client = online();
    assert!(!client.cancel_seek());
    client.look_for_game(seek(), None).expect("sent");
    let (id, _) = the_call(&mut client);
    assert!(client.cancel_seek());
    assert_eq!(client.take_requests(), [NetRequest::Cancel(id)]);
    assert!(!client.waiting());
    // The seek's connection closing later is no news.
    assert_eq!(client.reply(done(id, ""), None), None);
}

#[test]
fn the_game_started_here_is_joined_and_one_running_at_start_offered() {
    let mut client = online();
    assert_eq!(
        client.reply(game_start("other"), None).map(|_| ()),
        Some(())
    );
    assert!(client.offering());
    // One offer at a time.
    assert_eq!(client.reply(game_start("third"), None), None);
    let joined = client.join_offer().expect("the offer");
    assert_eq!(joined.game_id, "other");
    assert!(!client.offering());
    assert_eq!(
        client.take_requests(),
        [NetRequest::Watch(Stream::Game("other".to_string()))]
    );
    // While a game is played here, another is not news.
    assert_eq!(client.reply(game_start(GAME), None), None);
    client.game_over();
    assert_eq!(
        client.take_requests(),
        [NetRequest::Unwatch(Stream::Game("other".to_string()))]
    );
}

#[test]
fn challenges_to_the_player_wait_for_an_answer() {
    let mut client = online();
    assert_eq!(client.answer_challenge(true, None), None);
    let news = challenged(&mut client, "c1", "Zoe", "in");
    assert!(matches!(news, Some(News::Challenged(ref c)) if c.id == "c1"));
    // Again, or the player's own, is not news.
    let again = challenged(&mut client, "c1", "Zoe", "in");
    assert_eq!(again, None);
    let own = challenged(&mut client, "c2", "Me", "out");
    assert_eq!(own, None);
    challenged(&mut client, "c3", "Ann", "in");
    // The oldest is answered first.
    assert_eq!(client.answer_challenge(false, None), Some(Ok(())));
    let (id, call) = the_call(&mut client);
    assert_eq!(call, Call::Decline("c1".to_string()));
    assert_eq!(
        client.reply(done(id, "{}"), None),
        Some(News::DeclinedByYou("Zoe".to_string()))
    );
    let StreamEvent::Challenge { challenge, .. } = challenge_line("c3", "Ann", "in") else {
        panic!("a challenge");
    };
    let cancelled = StreamEvent::ChallengeCanceled(challenge);
    let news = client.reply(NetReply::Event(Box::new(cancelled.clone())), None);
    assert!(matches!(news, Some(News::ChallengeCanceled(_))));
    assert_eq!(
        client.reply(NetReply::Event(Box::new(cancelled)), None),
        None
    );
    assert_eq!(client.answer_challenge(true, None), None);
}

#[test]
fn an_accepted_challenge_is_joined_when_its_game_starts() {
    let mut client = online();
    challenged(&mut client, "c1", "Zoe", "in");
    assert_eq!(client.answer_challenge(true, None), Some(Ok(())));
    let (id, call) = the_call(&mut client);
    assert_eq!(call, Call::Accept("c1".to_string()));
    assert_eq!(client.reply(done(id, "{}"), None), None);
    assert!(client.waiting());
    assert!(matches!(
        client.reply(game_start("c1"), None),
        Some(News::Join(_))
    ));
    assert!(!client.offering());
}

#[test]
fn a_429_pauses_every_call_for_a_minute() {
    let start = Instant::now();
    let mut client = online();
    client.list(Some(start)).expect("sent");
    let (id, _) = the_call(&mut client);
    let news = client.reply(failed(id, Fault::RateLimited), Some(start));
    assert_eq!(news, Some(News::Failed(Some(Fault::RateLimited))));
    let later = start + Duration::from_millis(59_500);
    assert_eq!(
        client.list(Some(later)),
        Err(Blocked::Paused { seconds: 1 })
    );
    assert_eq!(
        client.blocked(Some(start + Duration::from_secs(1))),
        Some(Blocked::Paused { seconds: 59 })
    );
    assert_eq!(client.blocked(Some(start + RATE_PAUSE)), None);
    // Nothing went out meanwhile but the stream, which was open.
    assert_eq!(client.take_requests(), []);
}

#[test]
fn a_refused_move_is_news_of_its_own() {
    let mut client = online();
    client.reply(game_start(GAME), None);
    client.join_offer();
    client.take_requests();
    let call = Call::Move {
        game: GAME.to_string(),
        uci: "e2e4".to_string(),
        offering_draw: false,
    };
    client.send(call, None).expect("sent");
    let (id, _) = the_call(&mut client);
    let fault = Fault::Status {
        code: 400,
        reason: Some("Not your turn".to_string()),
    };
    assert_eq!(
        client.reply(failed(id, fault.clone()), None),
        Some(News::MoveRefused(fault))
    );
}

#[test]
fn a_connection_lost_is_said_once_until_it_is_back() {
    let mut client = online();
    let down = |fault: Fault| NetReply::Down {
        stream: Stream::Events,
        fault,
        retry_in_ms: Some(1000),
    };
    let offline = || Fault::Offline("refused".to_string());
    assert_eq!(
        client.reply(down(offline()), None),
        Some(News::ConnectionLost)
    );
    assert_eq!(client.reply(down(offline()), None), None);
    assert_eq!(
        client.reply(NetReply::Up(Stream::Events), None),
        Some(News::ConnectionBack)
    );
    // A stream that never came up: that lichess cannot be reached is
    // said, once, until something gets through.
    let mut client = Client::new();
    client.start(false);
    client.take_requests();
    assert_eq!(
        client.reply(down(offline()), None),
        Some(News::Trouble(offline()))
    );
    client.list(None).expect("sent");
    let (id, _) = the_call(&mut client);
    assert_eq!(
        client.reply(failed(id, offline()), None),
        Some(News::Failed(Some(offline())))
    );
}

#[test]
fn a_refused_token_keeps_the_event_stream_closed_until_a_new_one() {
    let mut client = Client::new();
    client.start(false);
    client.take_requests();
    let refused = NetReply::Down {
        stream: Stream::Events,
        fault: Fault::Unauthorized,
        retry_in_ms: None,
    };
    assert_eq!(
        client.reply(refused, None),
        Some(News::Trouble(Fault::Unauthorized))
    );
    client.list(None).expect("sent");
    assert!(matches!(the_call(&mut client), (_, Call::Account)));
    client.want_token();
    assert!(client.token_wanted());
    client.token_kept(None).expect("sent");
    assert!(!client.token_wanted());
    let requests = client.take_requests();
    assert!(matches!(
        requests[0],
        NetRequest::Call {
            call: Call::Account,
            ..
        }
    ));
    assert_eq!(requests[1], NetRequest::Watch(Stream::Events));
    let NetRequest::Call { id, .. } = requests[0] else {
        unreachable!()
    };
    let account = r#"{"id":"mary","username":"Mary"}"#;
    assert_eq!(
        client.reply(done(id, account), None),
        Some(News::LoggedIn("Mary".to_string()))
    );
}

#[test]
fn the_game_stream_is_given_up_after_its_patience() {
    let mut client = online();
    client.reply(game_start(GAME), None);
    client.join_offer();
    let stream = Stream::Game(GAME.to_string());
    client.reply(NetReply::Up(stream.clone()), None);
    assert_eq!(client.game_link(), GameLink::Up);
    for _ in 0..=PATIENCE {
        assert_ne!(client.game_link(), GameLink::GivenUp);
        client.reply(
            NetReply::Down {
                stream: stream.clone(),
                fault: Fault::Offline(String::new()),
                retry_in_ms: Some(1000),
            },
            None,
        );
    }
    assert_eq!(client.game_link(), GameLink::GivenUp);
    client.reply(NetReply::Up(stream), None);
    assert_eq!(client.game_link(), GameLink::Up);
}

#[test]
fn only_the_game_watched_has_its_lines_passed_on() {
    let mut client = online();
    client.reply(game_start(GAME), None);
    client.join_offer();
    let line = r#"{"type":"gameState","moves":"e2e4","wtime":1,"btime":1,"winc":0,"binc":0,"status":"started"}"#;
    let event = crate::online::GameEvent::GameState(
        serde_json::from_str::<GameState>(line).expect("a state"),
    );
    let other = NetReply::Game {
        game: "other".to_string(),
        event: event.clone(),
    };
    assert_eq!(client.reply(other, None), None);
    let here = NetReply::Game {
        game: GAME.to_string(),
        event: event.clone(),
    };
    assert_eq!(client.reply(here, None), Some(News::Game(event)));
}

#[test]
fn logging_out_closes_the_stream_unless_the_environment_has_a_token() {
    let mut client = online();
    assert!(!client.take_logout());
    client.ask_logout();
    assert!(client.take_logout());
    assert!(!client.take_logout());
    assert!(!client.logged_out());
    assert!(!client.has_token());
    assert_eq!(
        client.take_requests(),
        [NetRequest::Unwatch(Stream::Events)]
    );
    let mut client = Client::new();
    client.start(true);
    client.take_requests();
    assert!(client.logged_out());
    assert!(client.has_token());
    assert_eq!(client.take_requests(), []);
}
