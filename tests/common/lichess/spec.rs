//! The bodies the stand-in sends, taken from the examples of the official
//! API description rather than written out here, so that a change there
//! shows up in the tests. The files are OpenAPI YAML whose examples are
//! written in flow style, which is JSON but for trailing commas: a small
//! conversion reads them without a YAML library.

use std::path::PathBuf;

use serde_json::Value;

/// The official API description beside the crate, or where
/// `LICHESS_API_REFERENCE` says (as `tests/lichess/online_events.rs`
/// reads it). Without it the stand-in cannot start: its bodies come
/// from there.
pub fn reference_dir() -> PathBuf {
    let dir = std::env::var_os("LICHESS_API_REFERENCE")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/lichess-api")
        });
    assert!(
        dir.is_dir(),
        "no Lichess API reference at {}: the stand-in server builds its bodies from its examples",
        dir.display()
    );
    dir
}

/// The JSON value under the top-level `key:` (`value:` in `examples/`,
/// `example:` in `schemas/`) of the file at `relative` in the reference.
pub fn example(relative: &str, key: &str) -> Value {
    let path = reference_dir().join(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{} cannot be read: {e}", path.display()));
    flow_value(&text, key).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The flow-style value under the top-level `key:` of a YAML text: the
/// rest of that line and every indented (or empty) line after it.
pub fn flow_value(text: &str, key: &str) -> Result<Value, String> {
    let head = format!("{key}:");
    let mut lines = text.lines().skip_while(|line| !line.starts_with(&head));
    let first = lines
        .next()
        .ok_or_else(|| format!("no top-level `{head}`"))?;
    let mut flow = first[head.len()..].to_string();
    for line in lines.take_while(|line| line.trim().is_empty() || line.starts_with(' ')) {
        flow.push('\n');
        flow.push_str(line);
    }
    let json = without_trailing_commas(&flow);
    serde_json::from_str(&json).map_err(|e| format!("`{head}` is not flow-style JSON: {e}"))
}

/// `flow` with every comma dropped that only closes a list or a map (YAML
/// allows `[1, 2,]`, JSON does not). Commas inside strings stay.
fn without_trailing_commas(flow: &str) -> String {
    let mut out = String::with_capacity(flow.len());
    let mut inside_string = false;
    let mut after_backslash = false;
    for (at, c) in flow.char_indices() {
        if inside_string {
            // A quote ends the string unless a backslash escapes it.
            if after_backslash {
                after_backslash = false;
            } else if c == '\\' {
                after_backslash = true;
            } else if c == '"' {
                inside_string = false;
            }
        } else if c == '"' {
            inside_string = true;
        } else if c == ',' {
            let closes = flow[at + 1..]
                .chars()
                .find(|next| !next.is_whitespace())
                .is_some_and(|next| next == '}' || next == ']');
            if closes {
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// The example bodies, read once when a stand-in starts so that the
/// threads serving it never meet a missing file.
#[derive(Clone, Debug)]
pub struct Templates {
    /// `GET /api/account` (`examples/account-getMyProfile.json.yaml`).
    pub profile: Value,
    /// `POST /api/challenge/{username}` (`challenges-createChallenge`).
    pub created_challenge: Value,
    /// `GET /api/challenge` (`challenges-listYourChallenges`).
    pub challenge_list: Value,
    /// `POST /api/challenge/ai` (`challenges-challengeAi`).
    pub ai_game: Value,
    /// `POST /api/challenge/{id}/accept` (`challenges-acceptChallenge`).
    pub accepted: Value,
    /// `POST /api/challenge/{id}/decline` (`challenges-declineChallenge`).
    pub declined: Value,
    /// The `gameFull` line (`schemas/GameFullEvent.yaml`).
    pub game_full: Value,
    /// The `gameState` line (`schemas/GameStateEvent.yaml`).
    pub game_state: Value,
    /// The `chatLine` line (`schemas/ChatLineEvent.yaml`).
    pub chat_line: Value,
    /// The `opponentGone` line (`schemas/OpponentGoneEvent.yaml`).
    pub opponent_gone: Value,
}

impl Templates {
    /// Every example the stand-in answers with; panics naming the file
    /// that is missing or unreadable.
    pub fn load() -> Templates {
        let value = |name: &str| example(&format!("examples/{name}.json.yaml"), "value");
        let schema = |name: &str| example(&format!("schemas/{name}.yaml"), "example");
        Templates {
            profile: value("account-getMyProfile"),
            created_challenge: value("challenges-createChallenge"),
            challenge_list: value("challenges-listYourChallenges"),
            ai_game: value("challenges-challengeAi"),
            accepted: value("challenges-acceptChallenge"),
            declined: value("challenges-declineChallenge"),
            game_full: schema("GameFullEvent"),
            game_state: schema("GameStateEvent"),
            chat_line: schema("ChatLineEvent"),
            opponent_gone: schema("OpponentGoneEvent"),
        }
    }

    /// The incoming challenge of the list example, the model for every
    /// challenge to the player.
    pub fn incoming_challenge(&self) -> Value {
        self.challenge_list["in"][0].clone()
    }
}
