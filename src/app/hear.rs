//! `annabella hear FILE.wav`: recognises a recording without a game, one
//! tab-separated line per utterance — start and end in seconds, kind
//! (`move`, `command`, `none`), value (UCI, the command's English word,
//! or `-`), confidence, and the words as heard. For tests, for
//! measuring, and for a player checking how they are understood.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

use crate::announce::{Announcer, HearTrouble};
use crate::io::mic::read_wav;
use crate::rules::Game;
use crate::settings::Lang;

/// What `hear` was asked.
#[derive(Clone, Debug)]
pub struct HearArgs {
    /// The recording.
    pub file: PathBuf,
    /// The position (FEN), else the start.
    pub fen: Option<String>,
    /// The language of the words expected besides English and FIDE's.
    pub lang: Lang,
    /// Castling as in Chess960.
    pub chess960: bool,
}

/// Runs `hear`: 0 when the file was read, 1 when not (one sentence on
/// standard error).
pub fn hear(args: &HearArgs, announcer: &Announcer) -> ExitCode {
    match run(args, announcer) {
        Ok(lines) => {
            let mut out = std::io::stdout().lock();
            for line in lines {
                let _ = writeln!(out, "{line}");
            }
            ExitCode::SUCCESS
        }
        Err(sentence) => {
            eprintln!("{sentence}");
            ExitCode::from(1)
        }
    }
}

fn game_for(args: &HearArgs, announcer: &Announcer) -> Result<Game, String> {
    let Some(fen) = &args.fen else {
        return Ok(Game::new());
    };
    let bad = || announcer.hear_trouble(args.lang, &HearTrouble::BadFen(fen.clone()));
    if !args.chess960 {
        return Game::from_fen(fen).map_err(|_| bad());
    }
    let setup = fen.trim().parse::<Fen>().map_err(|_| bad())?.into_setup();
    let pos: Chess = setup.position(CastlingMode::Chess960).map_err(|_| bad())?;
    Ok(Game::from_position(pos, CastlingMode::Chess960, None, true))
}

#[cfg(feature = "voice")]
fn run(args: &HearArgs, announcer: &Announcer) -> Result<Vec<String>, String> {
    use crate::event::Meaning;
    use crate::input::grammar::{Answers, Moment, understand};
    use crate::io::mic::{VadConfig, utterances};
    use crate::io::voice::recognise::{Plan, Recogniser};
    let game = game_for(args, announcer)?;
    let samples = read(args, announcer)?;
    let voice = |t| announcer.hear_trouble(args.lang, &HearTrouble::Voice(t));
    // The setting `voicemodel`, for a recording heard without a session.
    let setting = std::env::var("ANNABELLA_VOICEMODEL").ok();
    let plan = Plan::of(setting.as_deref(), args.lang).map_err(voice)?;
    let mut recogniser = Recogniser::load(&plan).map_err(voice)?;
    let moment = Moment {
        game: game.clone(),
        answers: Answers::YesNo,
        lang: args.lang,
        serial: 0,
    };
    recogniser.prepare(&moment);
    let mut trace = trace_file();
    let mut lines = Vec::new();
    for u in utterances(&samples, &VadConfig::default()) {
        let hearing = recogniser.hear(&u.samples);
        let heard = &hearing.heard;
        let (kind, value) = match &heard.meaning {
            Meaning::Move(mv) => describe_moves(&[*mv], &game),
            Meaning::Either(moves) => describe_moves(moves, &game),
            Meaning::Nothing => ("none", "-".to_string()),
            Meaning::Line(_) => match understand(&heard.words, args.lang, &game) {
                crate::input::grammar::Understood::Command(word) => ("command", word),
                _ => ("none", "-".to_string()),
            },
        };
        let (start, end) = (u.onset as f64 / 16_000.0, u.end as f64 / 16_000.0);
        if let Some(file) = &mut trace {
            write_trace(file, start, &hearing);
        }
        lines.push(format!(
            "{start:.2}\t{end:.2}\t{kind}\t{value}\t{:.2}\t{}",
            heard.confidence, heard.words
        ));
    }
    Ok(lines)
}

/// `ANNABELLA_VOICE_TRACE=FILE`: the figures behind every verdict, one
/// JSON line per utterance, appended (for tuning the verdict).
#[cfg(feature = "voice")]
fn trace_file() -> Option<std::fs::File> {
    let path = std::env::var_os("ANNABELLA_VOICE_TRACE")?;
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .ok()
}

#[cfg(feature = "voice")]
fn write_trace(file: &mut std::fs::File, start: f64, h: &crate::io::voice::recognise::Hearing) {
    let best: Vec<serde_json::Value> = h
        .best
        .iter()
        .map(|(meaning, kind, text, s)| {
            serde_json::json!({"meaning": meaning, "kind": kind, "text": text, "logp": s.logp, "tokens": s.tokens})
        })
        .collect();
    let free = h
        .free
        .as_ref()
        .map(|(text, s)| serde_json::json!({"text": text, "logp": s.logp, "tokens": s.tokens}));
    let line =
        serde_json::json!({"start": start, "words": h.heard.words, "best": best, "free": free});
    let _ = writeln!(file, "{line}");
}

#[cfg(not(feature = "voice"))]
fn run(args: &HearArgs, announcer: &Announcer) -> Result<Vec<String>, String> {
    game_for(args, announcer)?;
    read(args, announcer)?;
    let trouble = HearTrouble::Voice(crate::event::VoiceTrouble::NotBuilt);
    Err(announcer.hear_trouble(args.lang, &trouble))
}

/// The recording as 16 kHz mono, or the sentence why not.
fn read(args: &HearArgs, announcer: &Announcer) -> Result<Vec<i16>, String> {
    read_wav(&args.file).map_err(|e| {
        let file = args.file.display().to_string();
        let trouble = match crate::io::mic::file_trouble(&e) {
            Some(why) => HearTrouble::Unreadable(file, why),
            None => HearTrouble::Voice(crate::io::mic::device_trouble(&e)),
        };
        announcer.hear_trouble(args.lang, &trouble)
    })
}

/// Kind and value as `hear` prints them for moves: their UCI, several
/// comma-separated when the recogniser asks back between them.
#[cfg(feature = "voice")]
fn describe_moves(moves: &[shakmaty::Move], game: &Game) -> (&'static str, String) {
    use shakmaty::Position;
    use shakmaty::uci::UciMove;
    let mode = game.position().castles().mode();
    let ucis: Vec<String> = moves
        .iter()
        .map(|m| UciMove::from_move(*m, mode).to_string())
        .collect();
    ("move", ucis.join(","))
}
