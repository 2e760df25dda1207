//! Online transcripts: the real `annabella` binary playing on lichess,
//! with a stand-in server on 127.0.0.1 in place of lichess, one game (or
//! several) per file in `tests/online/*.txt`.
//!
//! # Format
//!
//! As the offline transcripts (`tests/it/transcripts.rs`: `> ` input
//! lines, expected output lines, `{ANY}`, `{DATE}`, `{BLANK}`, `# args:`),
//! with one more header, required and before the first input line:
//!
//! - `# scenario: NAME` names the stand-in's scenario, from the table in
//!   [`scenario`] below: who plays, what game runs, what challenges
//!   wait, and the opponent's script.
//!
//! # Running
//!
//! For each file the runner starts a stand-in for its scenario, then the
//! binary in a home of its own with the file's arguments plus
//! `--lichess-url http://127.0.0.1:PORT`, `LICHESS_TOKEN` set to the
//! scenario's token (or the wrong one the scenario gives the client), no
//! locale variables, no proxy variables, and all input at once on a
//! pipe. The output must match, the exit status be 0, the stand-in must
//! have had nothing to complain of, and neither token may appear in
//! stdout, stderr or any file under the home.
//!
//! `TRANSCRIPT=part cargo test --test lichess online_transcripts` runs
//! only the files whose name contains `part`. With no `tests/online/*.txt` at all the test
//! fails, as the offline runner does.

use crate::common;

use std::path::Path;

use common::Home;
use common::lichess::{
    Color, GameSetup, IncomingChallenge, NewGame, Scenario, StandIn, Step, token_leaks,
};
use common::tmux::Tmux;
use common::transcript;

/// The token the `wrongtoken` scenario gives the client, which the
/// server does not know.
const WRONG_TOKEN: &str = "lip_RevokedLongAgo9876543210";

/// Every scenario name [`scenario`] knows, for the check that each one
/// starts.
const SCENARIOS: &[&str] = &[
    "mate_en",
    "black",
    "chat",
    "declined",
    "draw",
    "draw_accepted",
    "resign",
    "takeback",
    "gone",
    "timeout",
    "flagged",
    "challenge",
    "ai",
    "accept",
    "seek",
    "drop",
    "reject",
    "ratelimit",
    "wrongtoken",
];

/// A game in progress from the start position, the player white.
fn running() -> Option<GameSetup> {
    Some(GameSetup::default())
}

/// The scenario a transcript names; `None` for a name not in the table.
fn scenario(name: &str) -> Option<Scenario> {
    let base = Scenario::default();
    Some(match name {
        // A game running, the player white: 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6
        // 4. Qxf7#, mate found by the server.
        "mate_en" => Scenario {
            game: running(),
            opponent: vec![
                Step::Move("e7e5"),
                Step::Move("b8c6"),
                Step::Move("g8f6"),
                Step::Mate,
            ],
            ..base
        },
        // A game running, the player black: the opponent's 1. e4 comes
        // once the game stream opens, then 2. Nf3 after the player's move.
        "black" => Scenario {
            game: Some(GameSetup {
                player_color: Color::Black,
                ..GameSetup::default()
            }),
            opponent: vec![Step::Move("e2e4"), Step::Move("g1f3")],
            ..base
        },
        // The opponent offers a draw with 2…Nc6; the player may accept
        // (`draw/yes`) or play on (the move declines it).
        "draw" => Scenario {
            game: running(),
            opponent: vec![
                Step::Move("e7e5"),
                Step::OfferDraw,
                Step::Move("b8c6"),
                Step::Move("g8f6"),
            ],
            ..base
        },
        // After 1. e4 e5 the player offers a draw and the opponent
        // accepts.
        "draw_accepted" => Scenario {
            game: running(),
            opponent: vec![Step::Move("e7e5"), Step::AcceptDraw],
            ..base
        },
        // The opponent answers 1. e4 and 2. Nf3, then resigns after the
        // player's third move.
        "resign" => Scenario {
            game: running(),
            opponent: vec![Step::Move("e7e5"), Step::Move("b8c6"), Step::Resign],
            ..base
        },
        // After 1. e4 e5 the player asks to take back and the opponent
        // agrees (both moves go); to 1. d4 it answers 1…d5. The
        // opponent waits for the request: a move instead gets no reply.
        "takeback" => Scenario {
            game: running(),
            opponent: vec![Step::Move("e7e5"), Step::AcceptTakeback, Step::Move("d7d5")],
            ..base
        },
        // After the player's second move the opponent leaves, with the
        // win claimable at once.
        "gone" => Scenario {
            game: running(),
            opponent: vec![Step::Move("e7e5"), Step::Gone { claim_in: 0 }],
            ..base
        },
        // After the player's second move the opponent's flag falls: the
        // player wins on time.
        "timeout" => Scenario {
            game: running(),
            opponent: vec![Step::Move("e7e5"), Step::Flag],
            ..base
        },
        // Right after 1…e5 the player's own flag falls.
        "flagged" => Scenario {
            game: running(),
            opponent: vec![Step::Move("e7e5"), Step::FlagPlayer],
            ..base
        },
        // No game yet: the player challenges Mary (the only user there
        // is), who accepts; the game `chAlNg01` starts, the player white.
        "challenge" => Scenario {
            new_game: NewGame {
                id: "chAlNg01".to_string(),
                player_color: Color::White,
            },
            opponent: vec![Step::Move("e7e5"), Step::Move("b8c6")],
            ..base
        },
        // No game yet: the player challenges lichess's AI and plays
        // white; the AI answers 1…c5.
        "ai" => Scenario {
            new_game: NewGame {
                id: "aIgAmE01".to_string(),
                player_color: Color::White,
            },
            opponent: vec![Step::Move("c7c5"), Step::Move("b8c6")],
            ..base
        },
        // Mary's challenge (10+0, casual) waits; accepted, the game
        // `uGK4MHaQ` starts with the player white.
        "accept" => Scenario {
            incoming: vec![IncomingChallenge::default()],
            opponent: vec![Step::Move("e7e5"), Step::Move("b8c6")],
            ..base
        },
        // No game yet: a seek (rapid or slower) finds Mary at once; the
        // player gets black and Mary opens 1. d4.
        "seek" => Scenario {
            new_game: NewGame {
                id: "sEeKgAm1".to_string(),
                player_color: Color::Black,
            },
            opponent: vec![Step::Move("d2d4"), Step::Move("c2c4")],
            ..base
        },
        // The game stream drops when the player's second move arrives;
        // 2…Nc6 is sent to no one, so the client must reconnect and
        // find it in the new `gameFull`.
        "drop" => Scenario {
            game: running(),
            opponent: vec![
                Step::Move("e7e5"),
                Step::DropStream,
                Step::Move("b8c6"),
                Step::Move("g8f6"),
            ],
            ..base
        },
        // The server refuses the player's second move once (as lichess
        // does when a move crosses the opponent's); sent again it goes.
        "reject" => Scenario {
            game: running(),
            opponent: vec![
                Step::Move("e7e5"),
                Step::RejectMove("Not your turn, or game already over"),
                Step::Move("b8c6"),
            ],
            ..base
        },
        // The player's second move is answered with 429 Too Many
        // Requests; nothing changes.
        "ratelimit" => Scenario {
            game: running(),
            opponent: vec![Step::Move("e7e5"), Step::RateLimit, Step::Move("b8c6")],
            ..base
        },
        // The player's draw offer and takeback request are both declined;
        // play goes on.
        "declined" => Scenario {
            game: running(),
            opponent: vec![
                Step::Move("e7e5"),
                Step::DeclineDraw,
                Step::Move("b8c6"),
                Step::DeclineTakeback,
                Step::Move("g8f6"),
            ],
            ..base
        },
        // The opponent writes in the chat after 1…e5, then plays on.
        "chat" => Scenario {
            game: running(),
            opponent: vec![
                Step::Move("e7e5"),
                Step::Chat("good luck, have fun"),
                Step::Move("b8c6"),
                Step::Move("g8f6"),
            ],
            ..base
        },
        // The client's token is not the server's: every call gets 401.
        "wrongtoken" => Scenario {
            env_token: Some(WRONG_TOKEN.to_string()),
            game: running(),
            ..base
        },
        _ => return None,
    })
}

/// Runs one online transcript; `Err` holds the failure report.
fn check(path: &Path) -> Result<(), String> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    let t = transcript::parse(&text).map_err(|e| format!("{name}: {e}"))?;
    let Some(scenario_name) = t.scenario.as_deref() else {
        return Err(format!(
            "{name}: no `# scenario: NAME` line (one of {SCENARIOS:?})"
        ));
    };
    let Some(scenario) = scenario(scenario_name) else {
        return Err(format!(
            "{name}: no scenario {scenario_name:?} (one of {SCENARIOS:?})"
        ));
    };
    if t.inputs.is_empty() {
        return Err(format!("{name}: no input lines (`> ...`)"));
    }
    let tokens = [scenario.token.clone(), scenario.client_token().to_string()];
    let server = StandIn::start(scenario);
    let home = common::Home::new();
    let mut args = t.args.clone();
    args.extend(["--lichess-url".to_string(), server.url()]);
    let mut command = transcript::command(&home, &args);
    for (key, _) in std::env::vars_os() {
        // The client must see only the token this test gives it, and
        // reach the stand-in directly, never through a proxy.
        let name = key.to_string_lossy().to_ascii_uppercase();
        if name.starts_with("LICHESS_") || name.ends_with("_PROXY") {
            command.env_remove(key);
        }
    }
    command.env("LICHESS_TOKEN", &tokens[1]);
    let run =
        transcript::run(command, transcript::input_text(&t)).map_err(|e| format!("{name}: {e}"))?;
    let mut problems = transcript::problems(&name, &t, &run);
    for token in &tokens {
        let outputs = [
            ("stdout", run.stdout.as_bytes()),
            ("stderr", run.stderr.as_bytes()),
        ];
        problems.extend(token_leaks(home.path(), token, &outputs));
    }
    problems.extend(
        server
            .faults()
            .into_iter()
            .map(|fault| format!("the stand-in: {fault}")),
    );
    if problems.is_empty() {
        return Ok(());
    }
    let mut report = transcript::report(&name, &t, &run, &problems);
    report.push_str(&format!(
        "  scenario: {scenario_name}, --lichess-url {}\n  requests:\n",
        server.url()
    ));
    for entry in server.log() {
        report.push_str(&format!(
            "    {} {}{}{} -> {}\n",
            entry.method,
            entry.path,
            if entry.query.is_empty() { "" } else { "?" },
            entry.query,
            entry.status
        ));
    }
    Err(report)
}

#[test]
fn online_transcripts() {
    transcript::run_all("tests/online", "online transcripts", check);
}

/// Every scenario in the table starts (its game is legal, the spec's
/// examples are there), and every name the table knows is listed.
#[test]
fn every_scenario_starts() {
    for name in SCENARIOS {
        let scenario = scenario(name).unwrap_or_else(|| panic!("{name} is listed, not known"));
        let server = StandIn::start(scenario);
        assert!(server.url().starts_with("http://127.0.0.1:"), "{name}");
        assert!(server.faults().is_empty(), "{name}: {:?}", server.faults());
    }
    assert!(scenario("no such scenario").is_none());
}

#[test]
fn the_scenario_header_is_read() {
    let t = transcript::parse("# scenario: mate_en\n# args: --lang en\n> e4\n").expect("parsed");
    assert_eq!(t.scenario.as_deref(), Some("mate_en"));
    assert_eq!(t.args, ["--lang", "en"]);
    assert!(transcript::parse("> e4\n# scenario: draw\n").is_err());
    assert!(transcript::parse("# scenario: a\n# scenario: b\n").is_err());
}

/// Runs the client with `home` against `server`, with no token in the
/// environment, on `input`; its stdout lines and both outputs' bytes.
fn run_without_env_token(home: &Home, server: &StandIn, input: &str) -> (Vec<String>, Vec<u8>) {
    use std::io::Write as _;
    use std::process::Stdio;
    let url = server.url();
    let mut command = home.command(&["--lang", "en", "--opponent", "human", "--lichess-url", &url]);
    command.stderr(Stdio::piped());
    let mut child = command.spawn().expect("the client starts");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("input");
    drop(stdin);
    let out = child.wait_with_output().expect("output");
    assert!(out.status.success(), "{}", out.status);
    let lines = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    let mut bytes = out.stdout;
    bytes.extend_from_slice(&out.stderr);
    (lines, bytes)
}

/// `online login` keeps a token typed on a pipe in a file only its owner
/// can read, sends it to the server and writes it nowhere else; a line
/// that is no token is refused; `online logout` deletes the file.
#[test]
fn login_keeps_the_token_for_its_owner_only_and_logout_deletes_it() {
    let scenario = scenario("challenge").expect("known");
    let token = scenario.token.clone();
    let server = StandIn::start(scenario);
    let home = Home::new();
    let input = format!("online\nonline login\nnot a token\nonline login\n{token}\nonline\n");
    let (lines, output) = run_without_env_token(&home, &server, &input);
    assert_eq!(
        lines,
        [
            "Not logged in to lichess. Type online login and paste your API token, or set LICHESS_TOKEN.",
            "Paste your lichess API token and press Enter; it is not shown.",
            "That is not a token: a lichess token is one word without spaces. Nothing was kept.",
            "Paste your lichess API token and press Enter; it is not shown.",
            "The token is kept, readable only by you.",
            "Logged in to lichess as Bobby.",
            "Logged in to lichess as Bobby. No game in progress.",
        ]
    );
    let file = home.path().join("config/annabella/lichess-token");
    let kept = std::fs::read_to_string(&file).expect("the token file");
    assert_eq!(kept.trim(), token);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(&file)
            .expect("metadata")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "mode {mode:o}");
    }
    // Everywhere but the token file itself: not a byte of it.
    let leaks: Vec<String> = token_leaks(home.path(), &token, &[("output", &output)])
        .into_iter()
        .filter(|leak| !leak.contains("lichess-token"))
        .collect();
    assert!(leaks.is_empty(), "{leaks:?}");
    let sent = server.log();
    assert!(!sent.is_empty());
    let bearer = format!("Bearer {token}");
    assert!(
        sent.iter()
            .all(|r| r.authorization.as_deref() == Some(bearer.as_str())),
        "every request carries the token"
    );

    let (lines, output) = run_without_env_token(&home, &server, "online\nonline logout\nonline\n");
    assert_eq!(
        lines,
        [
            "Logged in to lichess as Bobby. No game in progress.",
            "Logged out: the token file is deleted.",
            "Not logged in to lichess. Type online login and paste your API token, or set LICHESS_TOKEN.",
        ]
    );
    assert!(!file.exists());
    let leaks = token_leaks(home.path(), &token, &[("output", &output)]);
    assert!(leaks.is_empty(), "{leaks:?}");
}

/// At a real terminal: the game in progress on lichess is offered with
/// the yes-or-no prompt, joined, and the opponent's reply arrives on a
/// line of its own with the prompt after it; the token is nowhere on the
/// screen.
#[test]
fn an_online_game_at_a_terminal() {
    let scenario = scenario("mate_en").expect("known");
    let token = scenario.token.clone();
    let server = StandIn::start(scenario);
    let command = format!(
        "LICHESS_TOKEN={token} {} --lang en --speech off --sound off --lichess-url {}",
        env!("CARGO_BIN_EXE_annabella"),
        server.url()
    );
    let tmux = Tmux::start("online", &command);
    // The sentence is wrapped by the terminal's width.
    tmux.wait_until("the offer", |screen| {
        screen.concat().contains("Play it here? Answer yes or no.")
    });
    tmux.wait_for("the prompt", |l| l == "yes or no>");
    tmux.keys(&["yes", "Enter"]);
    tmux.wait_for("the game", |l| {
        l == "Game on lichess against Mary (1021), 15+0, casual. You play white."
    });
    tmux.wait_for("the prompt", |l| l.starts_with("White to move>"));
    tmux.keys(&["e4", "Enter"]);
    // The reply on a line of its own, the prompt after it.
    let screen = tmux.wait_until("the reply and the prompt after it", |screen| {
        screen.windows(2).any(|w| {
            w[0].ends_with("1. Black: Bauer Eva fünf") && w[1].starts_with("White to move>")
        })
    });
    tmux.keys(&["quit", "Enter"]);
    assert!(
        !screen.concat().contains(&token),
        "the token is on the screen"
    );
}
