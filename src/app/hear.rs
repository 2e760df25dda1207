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
use crate::event::VoiceTrouble;
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
    use crate::input::grammar::{Answers, understand};
    use crate::io::mic::{VadConfig, utterances};
    use crate::io::voice::recognise::{Model, Recogniser};
    let game = game_for(args, announcer)?;
    let samples = read(args, announcer)?;
    let voice = |t| announcer.hear_trouble(args.lang, &HearTrouble::Voice(t));
    let model = Model::find().ok_or_else(|| voice(VoiceTrouble::NoModel))?;
    let failed = || voice(VoiceTrouble::Failed(crate::event::VoiceFault::Recogniser));
    let mut recogniser = Recogniser::new(&model).map_err(|_| failed())?;
    let grammar =
        crate::input::grammar::grammar(&game, &Answers::YesNo, args.lang, &|w| recogniser.knows(w));
    recogniser.set_grammar(&grammar).map_err(|_| failed())?;
    let mut lines = Vec::new();
    for u in utterances(&samples, &VadConfig::default()) {
        recogniser.start();
        for chunk in u.samples.chunks(320) {
            recogniser.feed(chunk);
        }
        let heard = recogniser.finish_in(&game, args.lang);
        let rejected = !crate::input::grammar::taken(heard.confidence);
        let (kind, value) = if rejected {
            ("none", "-".to_string())
        } else {
            describe(&understand(&heard.words, args.lang, &game), &game)
        };
        lines.push(format!(
            "{:.2}\t{:.2}\t{kind}\t{value}\t{:.2}\t{}",
            u.onset as f64 / 16_000.0,
            u.end as f64 / 16_000.0,
            heard.confidence,
            heard.words
        ));
    }
    Ok(lines)
}

#[cfg(not(feature = "voice"))]
fn run(args: &HearArgs, announcer: &Announcer) -> Result<Vec<String>, String> {
    game_for(args, announcer)?;
    read(args, announcer)?;
    let trouble = HearTrouble::Voice(VoiceTrouble::NotBuilt);
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

/// Kind and value as `hear` prints them.
#[cfg(feature = "voice")]
fn describe(understood: &crate::input::grammar::Understood, game: &Game) -> (&'static str, String) {
    use shakmaty::Position;
    use shakmaty::uci::UciMove;
    match understood {
        crate::input::grammar::Understood::Move(moves) => {
            let mode = game.position().castles().mode();
            let ucis: Vec<String> = moves
                .iter()
                .map(|m| UciMove::from_move(*m, mode).to_string())
                .collect();
            ("move", ucis.join(","))
        }
        crate::input::grammar::Understood::Command(word) => ("command", word.clone()),
        crate::input::grammar::Understood::Nothing => ("none", "-".into()),
    }
}
