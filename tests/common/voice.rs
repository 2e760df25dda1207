//! A spoken corpus for voice input, made at test time: chess lines in
//! every spoken form (German FIDE words, English NATO words and
//! letters), commands, answers (and Estonian command words), and talk
//! and noise that must be rejected, spoken by two families of synthetic
//! voices at three rates, clean and in noise, into 16 kHz WAV files of
//! several utterances each, with what every utterance is and where it
//! lies.
//!
//! - Voices: espeak-ng (`de`, `de+f3`, `de+m3`, `en-us`, `en-gb`,
//!   `en-us+f3`, `et`) and flite (`slt`, `rms`, `awb`, `kal16`; English
//!   only: NATO words, letters, commands, answers, talk).
//! - Positions ([`POSITIONS`]): eight, with every castling, promotions,
//!   captures and an en-passant capture among the moves said.
//! - Rates 130, 175 and 230 words a minute (flite's through its
//!   `duration_stretch`, from each voice's natural rate measured against
//!   espeak-ng's); a quiet room (white noise 50 dB down) or pink or brown
//!   noise at 15 dB SNR.
//!
//! **The split.** Thresholds of the recogniser (its per-token bonus, the
//! lead it asks of the best move, the talk check) may be chosen on the
//! *tuning* part only: every other utterance of each form of the
//! espeak-ng voices `de`, `de+f3`, `en-us`, `en-gb`, `en-us+f3` (and
//! `et`, which is reported, never held to a floor). The *verification*
//! part is what no threshold is chosen on: the other half of those
//! voices, **all** flite utterances (another synthesiser: another
//! prosody, other formants) and **all** of `de+m3` (a German voice held
//! out). The floors of the accuracy test hold on verification only, so
//! that a figure there is the recogniser's, not a threshold fitted to
//! it. Every [`Utterance`] carries its [`Part`].
//!
//! The texts come from shakmaty's legal moves and SAN and small tables
//! of this module's own: an oracle apart from annabella's vocabularies.
//! espeak-ng and flite speak, sox converts and makes the coughs, the
//! door and the noise; the mixing is done here. Everything is
//! deterministic: fixed seeds, sox's repeatable noise (`-R`), one random
//! source per position and voice (so that the two threads that make
//! the corpus make the same one in any order).

#![allow(dead_code)] // Each test binary uses part of it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use annabella::rng::Rng;
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, CastlingSide, Chess, Move, Position, Role, Square};

/// Pairs of words and what they stand for (commands, talk).
type Pairs = &'static [(&'static str, &'static str)];

/// The sample rate of every file.
pub const RATE: u32 = 16_000;
/// The speaking rates (words a minute).
pub const RATES: [u32; 3] = [130, 175, 230];
/// The rates a player speaks at without hurrying: the targets hold here.
pub const NATURAL: [u32; 2] = [130, 175];
/// Silence between utterances.
pub const GAP: f64 = 0.8;
/// Silence before the first utterance: a listener's noise floor settles.
pub const LEAD: f64 = 1.5;
/// Noise below the speech, in dB.
pub const SNR_DB: f64 = 15.0;
/// The quiet room of the clean files: white noise this far below the
/// speech, in dB.
pub const FLOOR_DB: f64 = 50.0;

/// The positions: the start, a middlegame with captures and both
/// castlings, a promotion position with captures into the corner, the
/// Italian with Black to move (Black castles), a Sicilian, a rook
/// ending, an en-passant capture, a queen ending.
pub const POSITIONS: [(&str, &str); 8] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "middlegame",
        "r3k2r/ppp1qppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP1QPPP/R3K2R w KQkq - 4 8",
    ),
    ("promotion", "2r1n3/1P1P1k2/8/8/8/8/5K2/8 w - - 0 1"),
    (
        "italian",
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R b KQkq - 0 5",
    ),
    (
        "sicilian",
        "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6",
    ),
    ("rook-ending", "8/5pk1/6p1/r7/5P2/R5P1/5K2/8 w - - 0 40"),
    (
        "en-passant",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ),
    ("queen-ending", "8/6k1/5p2/3Q4/8/5q2/6PK/8 w - - 0 50"),
];

/// The spoken forms of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Form {
    /// German with FIDE's file names: `Springer Felix drei`.
    Fide,
    /// German from and to: `von Gustav eins nach Felix drei`.
    FideFromTo,
    /// English with NATO's words: `knight foxtrot three`.
    Nato,
    /// English with letters: `knight f three`.
    Letters,
    /// Estonian with FIDE's names: `ratsu Felix kolm`.
    Estonian,
    /// A command word.
    Command,
    /// Yes or no.
    Answer,
    /// Talk: sentences, hesitations, another voice's words.
    Talk,
    /// A cough, a door.
    Noise,
}

impl Form {
    pub fn name(self) -> &'static str {
        match self {
            Form::Fide => "fide",
            Form::FideFromTo => "fide-from-to",
            Form::Nato => "nato",
            Form::Letters => "letters",
            Form::Estonian => "estonian",
            Form::Command => "command",
            Form::Answer => "answer",
            Form::Talk => "talk",
            Form::Noise => "noise",
        }
    }

    /// Whether it is a chess move.
    pub fn is_move(self) -> bool {
        matches!(
            self,
            Form::Fide | Form::FideFromTo | Form::Nato | Form::Letters | Form::Estonian
        )
    }
}

/// What an utterance must be heard as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// This move, in UCI.
    Move(String),
    /// This command or answer: its English word (`board`, `yes`).
    Command(String),
    /// Nothing: talk and noise.
    Nothing,
}

impl Expect {
    /// The kind and value as `annabella hear` prints them.
    pub fn kind_value(&self) -> (&'static str, &str) {
        match self {
            Expect::Move(uci) => ("move", uci),
            Expect::Command(word) => ("command", word),
            Expect::Nothing => ("none", "-"),
        }
    }
}

/// Which part of the corpus an utterance is in (the module doc says why).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Part {
    /// Thresholds may be chosen on it.
    Tuning,
    /// No threshold is chosen on it; the floors hold on it.
    Verification,
}

impl Part {
    pub fn name(self) -> &'static str {
        match self {
            Part::Tuning => "tuning",
            Part::Verification => "verification",
        }
    }
}

/// One utterance in a recording.
#[derive(Clone, Debug)]
pub struct Utterance {
    /// Where its sound starts and ends, in seconds.
    pub start: f64,
    pub end: f64,
    pub form: Form,
    /// The text spoken (as given to the synthesiser), or what the sound is.
    pub text: String,
    pub expect: Expect,
    pub part: Part,
}

/// The two synthesisers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Synth {
    /// espeak-ng: `-v VOICE -s RATE`.
    Espeak,
    /// flite: `-voice VOICE --setf duration_stretch=…`; English only.
    Flite,
}

/// One WAV file: a position, a voice, a rate, noise or not.
#[derive(Clone, Debug)]
pub struct Recording {
    pub path: PathBuf,
    pub position: &'static str,
    pub fen: &'static str,
    /// The UI language `annabella hear` is given.
    pub lang: &'static str,
    /// The synthesiser's voice.
    pub voice: &'static str,
    pub synth: Synth,
    pub rate: u32,
    /// `pink` or `brown` noise at [`SNR_DB`], or none.
    pub noise: Option<&'static str>,
    pub utterances: Vec<Utterance>,
}

impl Recording {
    /// How long it lasts, in seconds.
    pub fn seconds(&self) -> f64 {
        self.utterances.last().map_or(0.0, |u| u.end + GAP)
    }
}

/// A voice and what it says.
#[derive(Clone, Copy, Debug)]
pub struct Voice {
    /// The synthesiser's name of the voice.
    pub name: &'static str,
    pub synth: Synth,
    /// The language of its words and of `hear --lang`.
    pub lang: &'static str,
    /// Its move forms, and how many moves of each per position.
    pub forms: &'static [(Form, usize)],
    /// Commands, answers and rejects (talk, noise) per position.
    pub commands: usize,
    pub answers: usize,
    pub rejects: usize,
    /// Half of it is for tuning (else all is for verification).
    pub tuning: bool,
}

/// What to make.
#[derive(Clone, Debug)]
pub struct Plan {
    pub voices: Vec<Voice>,
    pub seed: u64,
}

const GERMAN_FORMS: &[(Form, usize)] = &[(Form::Fide, 6), (Form::FideFromTo, 1)];
const ENGLISH_FORMS: &[(Form, usize)] = &[(Form::Nato, 5), (Form::Letters, 5)];

const fn german(name: &'static str, tuning: bool) -> Voice {
    Voice {
        name,
        synth: Synth::Espeak,
        lang: "de",
        forms: GERMAN_FORMS,
        commands: 2,
        answers: 2,
        rejects: 3,
        tuning,
    }
}

const fn english(name: &'static str, synth: Synth, tuning: bool) -> Voice {
    Voice {
        name,
        synth,
        lang: "en",
        forms: ENGLISH_FORMS,
        commands: 2,
        answers: 2,
        rejects: 3,
        tuning,
    }
}

/// The voices: tuning halves first, then the held-out ones.
pub const VOICES: [Voice; 11] = [
    german("de", true),
    german("de+f3", true),
    german("de+m3", false),
    english("en-us", Synth::Espeak, true),
    english("en-gb", Synth::Espeak, true),
    english("en-us+f3", Synth::Espeak, true),
    Voice {
        name: "et",
        synth: Synth::Espeak,
        lang: "et",
        forms: &[],
        commands: 3,
        answers: 2,
        rejects: 2,
        tuning: true,
    },
    english("slt", Synth::Flite, false),
    english("rms", Synth::Flite, false),
    english("awb", Synth::Flite, false),
    english("kal16", Synth::Flite, false),
];

/// flite's voices at their natural pace, in espeak-ng's words a minute:
/// a 32-word sentence took as long as espeak-ng's at these rates.
const FLITE_NATURAL: [(&str, f64); 4] = [
    ("slt", 173.0),
    ("rms", 149.0),
    ("awb", 177.0),
    ("kal16", 180.0),
];

impl Plan {
    /// The test's corpus: every voice of [`VOICES`].
    pub fn test() -> Plan {
        Plan {
            voices: VOICES.to_vec(),
            seed: 35,
        }
    }

    /// A larger corpus for `scripts/voice-corpus`: every count times
    /// `scale`.
    pub fn full(scale: usize) -> Plan {
        let scale = scale.max(1);
        let voices = VOICES
            .into_iter()
            .map(|v| {
                let forms: Vec<(Form, usize)> =
                    v.forms.iter().map(|&(f, n)| (f, n * scale)).collect();
                Voice {
                    forms: Box::leak(forms.into_boxed_slice()),
                    commands: v.commands * scale,
                    answers: v.answers * scale,
                    rejects: v.rejects * scale,
                    ..v
                }
            })
            .collect();
        Plan { voices, seed: 35 }
    }
}

// The oracle's words.
/// FIDE's names as German and Estonian speakers say them: Cäsar as "Zäsar"
/// (espeak-ng would say "Käsar"); the grammar has it as Cäsar, Cesar, Zäsar.
const FIDE_FILES: [&str; 8] = [
    "Anna", "Bella", "Zäsar", "David", "Eva", "Felix", "Gustav", "Hektor",
];
const NATO_FILES: [&str; 8] = [
    "alfa", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel",
];
/// Letters as espeak-ng says their names ("a" alone is the article).
const LETTERS: [&str; 8] = ["[['eI]]", "B", "C", "D", "E", "F", "G", "H"];
const DE_RANKS: [&str; 8] = [
    "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht",
];
const EN_RANKS: [&str; 8] = [
    "one", "two", "three", "four", "five", "six", "seven", "eight",
];
const ET_RANKS: [&str; 8] = [
    "üks", "kaks", "kolm", "neli", "viis", "kuus", "seitse", "kaheksa",
];

fn de_piece(role: Role) -> &'static str {
    match role {
        Role::King => "König",
        Role::Queen => "Dame",
        Role::Rook => "Turm",
        Role::Bishop => "Läufer",
        Role::Knight => "Springer",
        Role::Pawn => "Bauer",
    }
}

fn en_piece(role: Role) -> &'static str {
    match role {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}

fn et_piece(role: Role) -> &'static str {
    match role {
        Role::King => "kuningas",
        Role::Queen => "lipp",
        Role::Rook => "vanker",
        Role::Bishop => "oda",
        Role::Knight => "ratsu",
        Role::Pawn => "ettur",
    }
}

/// The Estonian promotion piece (translative: "muundub lipuks").
fn et_piece_into(role: Role) -> &'static str {
    match role {
        Role::Queen => "lipuks",
        Role::Rook => "vankriks",
        Role::Bishop => "odaks",
        Role::Knight => "ratsuks",
        _ => "",
    }
}

/// The commands said, with the English word `hear` prints.
const DE_COMMANDS: [(&str, &str); 7] = [
    ("Brett", "board"),
    ("Status", "status"),
    ("Uhr", "clock"),
    ("wiederholen", "repeat"),
    ("letzter", "last"),
    ("zurück", "undo"),
    ("aufgeben", "resign"),
];
const EN_COMMANDS: [(&str, &str); 7] = [
    ("board", "board"),
    ("status", "status"),
    ("clock", "clock"),
    ("repeat", "repeat"),
    ("last", "last"),
    ("undo", "undo"),
    ("resign", "resign"),
];
const ET_COMMANDS: [(&str, &str); 5] = [
    ("laud", "board"),
    ("seis", "status"),
    ("kell", "clock"),
    ("korda", "repeat"),
    ("tagasi", "undo"),
];

/// A piece of talk: another voice's, or the recording's own (`None`),
/// and its text.
type Talk = (Option<(Synth, &'static str)>, &'static str);

/// Talk in the voice's language (and English in every language), and
/// another voice's words: hesitations, chess-like talk that names a
/// piece but is no move, sentences.
const DE_TALK: [Talk; 9] = [
    (None, "Ich hole mir schnell einen Kaffee."),
    (None, "Das Wetter ist heute wirklich schön."),
    (None, "Kannst du bitte das Fenster aufmachen?"),
    (None, "ähm"),
    (None, "äh, also"),
    (None, "Vielleicht sollte ich den Springer ziehen."),
    (None, "Hmm, das ist schwierig."),
    (
        Some((Synth::Espeak, "en-us")),
        "I think I left the oven on.",
    ),
    (
        Some((Synth::Espeak, "de+f3")),
        "Apfel, Regenschirm, Telefon, Fahrrad.",
    ),
];
const EN_TALK: [Talk; 9] = [
    (None, "Could you pass me the water, please?"),
    (None, "What time does the train leave tomorrow?"),
    (None, "Let me think about this for a moment."),
    (None, "hmm"),
    (None, "uh, well"),
    (None, "I wonder if the knight should go there."),
    (None, "That bishop looks dangerous."),
    (
        Some((Synth::Espeak, "de")),
        "Wo habe ich nur meine Brille hingelegt?",
    ),
    (
        Some((Synth::Espeak, "en-us+f3")),
        "Banana, umbrella, telephone, window.",
    ),
];
const ET_TALK: [Talk; 4] = [
    (None, "Ma lähen toon endale kohvi."),
    (None, "Ilm on täna väga ilus."),
    (
        Some((Synth::Espeak, "en-us")),
        "I think I left the oven on.",
    ),
    (
        Some((Synth::Espeak, "et+f3")),
        "Banaan, vihmavari, telefon, aken.",
    ),
];
/// Noises: a cough (two bursts of band-passed noise) and a door's thump
/// (a falling low sine with a knock of brown noise), as sox effects.
const NOISES: [(&str, &[&str]); 2] = [
    (
        "cough",
        &[
            "synth",
            "0.22",
            "whitenoise",
            "band",
            "-n",
            "800",
            "700",
            "fade",
            "q",
            "0.01",
            "0.22",
            "0.15",
            "pad",
            "0",
            "0.12",
            "repeat",
            "1",
            "norm",
            "-4",
        ],
    ),
    (
        "door",
        &[
            "synth",
            "0.35",
            "sine",
            "90:35",
            "synth",
            "0.35",
            "brownnoise",
            "mix",
            "fade",
            "q",
            "0.002",
            "0.35",
            "0.3",
            "norm",
            "-2",
        ],
    ),
];

/// Fails, naming what to install, when espeak-ng, flite or sox is
/// missing.
pub fn require_tools() {
    for (tool, arg, package) in [
        ("espeak-ng", "--version", "espeak-ng"),
        ("flite", "-lv", "flite"),
        ("sox", "--version", "sox"),
    ] {
        let ok = Command::new(tool)
            .arg(arg)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .output()
            .is_ok_and(|o| o.status.success());
        assert!(
            ok,
            "the voice corpus needs {tool}: apt-get install {package} (espeak-ng, flite and sox)"
        );
    }
}

/// A position from its FEN.
pub fn position(fen: &str) -> Chess {
    let fen: Fen = fen.parse().expect("a FEN");
    fen.into_position(CastlingMode::Standard)
        .expect("a legal position")
}

/// A move in UCI.
pub fn uci(m: Move) -> String {
    UciMove::from_move(m, CastlingMode::Standard).to_string()
}

/// The words of one square in a form.
fn square_words(form: Form, sq: Square) -> String {
    let (f, r) = (usize::from(sq.file()), usize::from(sq.rank()));
    match form {
        Form::Fide | Form::FideFromTo => format!("{} {}", FIDE_FILES[f], DE_RANKS[r]),
        Form::Nato => format!("{} {}", NATO_FILES[f], EN_RANKS[r]),
        Form::Letters => format!("{} {}", LETTERS[f], EN_RANKS[r]),
        Form::Estonian => format!("{} {}", FIDE_FILES[f], ET_RANKS[r]),
        _ => unreachable!(),
    }
}

fn file_word(form: Form, file: usize) -> &'static str {
    match form {
        Form::Nato => NATO_FILES[file],
        Form::Letters => LETTERS[file],
        _ => FIDE_FILES[file],
    }
}

fn rank_word(form: Form, rank: usize) -> &'static str {
    match form {
        Form::Nato | Form::Letters => EN_RANKS[rank],
        Form::Estonian => ET_RANKS[rank],
        _ => DE_RANKS[rank],
    }
}

/// Every text of `m` in `form` (each variant the form allows).
pub fn texts(pos: &Chess, m: Move, form: Form) -> Vec<String> {
    let san = San::from_move(pos, m);
    let (piece, take, castle, promo): (fn(Role) -> &'static str, &str, [&str; 2], _) = match form {
        Form::Fide | Form::FideFromTo => (
            de_piece,
            "schlägt",
            ["kurze Rochade", "lange Rochade"],
            vec![
                (|r: Role| format!("Umwandlung in {}", de_piece(r))) as fn(Role) -> String,
                |r: Role| de_piece(r).to_string(),
            ],
        ),
        Form::Nato | Form::Letters => (
            en_piece,
            "takes",
            ["castles kingside", "castles queenside"],
            vec![
                (|r: Role| format!("promotes to {}", en_piece(r))) as fn(Role) -> String,
                |r: Role| en_piece(r).to_string(),
            ],
        ),
        Form::Estonian => (
            et_piece,
            "lööb",
            ["lühike vangerdus", "pikk vangerdus"],
            vec![(|r: Role| format!("muundub {}", et_piece_into(r))) as fn(Role) -> String],
        ),
        _ => unreachable!(),
    };
    let mut out = Vec::new();
    match san {
        San::Castle(side) => {
            out.push(castle[usize::from(side == CastlingSide::QueenSide)].to_string());
        }
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let to_words = square_words(form, to);
            let promos: Vec<String> = match promotion {
                Some(r) => promo.iter().map(|p| format!(" {}", p(r))).collect(),
                None => vec![String::new()],
            };
            let from = m.from().expect("a normal move has a from-square");
            let mut bodies = Vec::new();
            if form == Form::FideFromTo {
                let word = if role == Role::Pawn { "" } else { piece(role) };
                for lead in [word, "von"] {
                    bodies.push(format!(
                        "{lead} {} nach {to_words}",
                        square_words(form, from)
                    ));
                }
            } else {
                let mut disamb = String::new();
                if let Some(f) = file {
                    disamb.push_str(file_word(form, usize::from(f)));
                }
                if let Some(r) = rank {
                    disamb.push(' ');
                    disamb.push_str(rank_word(form, usize::from(r)));
                }
                let take = if capture { take } else { "" };
                let names: &[&str] = if role == Role::Pawn {
                    &[piece(role), ""]
                } else {
                    &[piece(role)]
                };
                for name in names {
                    bodies.push(format!("{name} {disamb} {take} {to_words}"));
                }
            }
            for body in bodies {
                for p in &promos {
                    out.push(tidy(&format!("{body}{p}")));
                }
            }
        }
        _ => unreachable!("no drops in standard chess"),
    }
    out
}

fn tidy(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A spoken text as grammar words: lower case, accents dropped, ß =
/// ss, espeak-ng's phoneme brackets for the letter a made "a".
pub fn grammar_words(text: &str) -> String {
    let text = text.replace("[['eI]]", "a");
    let mut out = String::new();
    for ch in text.chars().flat_map(char::to_lowercase) {
        match ch {
            'ä' => out.push('a'),
            'ö' | 'õ' => out.push('o'),
            'ü' => out.push('u'),
            'ß' => out.push_str("ss"),
            'š' => out.push('s'),
            c if c.is_ascii_alphanumeric() || c == ' ' => out.push(c),
            _ => {}
        }
    }
    tidy(&out)
}

/// Moves to say: every castling and en-passant capture, up to two
/// promotions, a third captures, the rest at random.
fn sample_moves(pos: &Chess, n: usize, rng: &mut Rng) -> Vec<Move> {
    if n == 0 {
        return Vec::new();
    }
    let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
    let special = |m: &Move| m.is_castle() || m.is_en_passant();
    let mut chosen: Vec<Move> = legal.iter().copied().filter(special).collect();
    let pick = |pool: Vec<Move>, k: usize, chosen: &mut Vec<Move>, rng: &mut Rng| {
        let mut pool: Vec<Move> = pool.into_iter().filter(|m| !chosen.contains(m)).collect();
        for _ in 0..k {
            if pool.is_empty() {
                break;
            }
            chosen.push(pool.swap_remove(rng.below(pool.len())));
        }
    };
    let promos: Vec<Move> = legal.iter().copied().filter(|m| m.is_promotion()).collect();
    pick(promos, 2, &mut chosen, rng);
    let captures: Vec<Move> = legal.iter().copied().filter(|m| m.is_capture()).collect();
    pick(captures, n / 3, &mut chosen, rng);
    pick(
        legal.clone(),
        n.saturating_sub(chosen.len()),
        &mut chosen,
        rng,
    );
    // Fewer legal moves than asked: some again, said another way.
    while chosen.len() < n {
        chosen.push(legal[rng.below(legal.len())]);
    }
    chosen.truncate(n.max(chosen.iter().filter(|m| special(m)).count()));
    chosen
}

/// One utterance before it is placed: its sound is made from `text` by
/// `voice` (the recording's own when `None`), or by sox's effects.
struct Said {
    form: Form,
    text: String,
    expect: Expect,
    voice: Option<(Synth, &'static str)>,
    sox: Option<&'static [&'static str]>,
    part: Part,
}

/// The words that open every file.
fn warm_up(lang: &str) -> &'static str {
    match lang {
        "de" => "Also gut, dann wollen wir mal anfangen.",
        "et" => "Olgu, hakkame siis peale.",
        _ => "Okay then, let's get started.",
    }
}

/// Halves a tuning voice's utterances of one kind between the parts:
/// the `k`-th of its kind in the `at`-th position.
fn part_of(voice: &Voice, k: usize, at: usize) -> Part {
    if voice.tuning && (k + at).is_multiple_of(2) {
        Part::Tuning
    } else {
        Part::Verification
    }
}

/// Everything `voice` says in the `at`-th position: moves, commands,
/// answers, talk and noise, shuffled.
fn script(voice: &Voice, at: usize, fen: &str, rng: &mut Rng) -> Vec<Said> {
    let pos = position(fen);
    let mut out = Vec::new();
    let own = |text: String, form: Form, expect: Expect, part: Part| Said {
        form,
        text,
        expect,
        voice: None,
        sox: None,
        part,
    };
    for &(form, n) in voice.forms {
        for (k, m) in sample_moves(&pos, n, rng).into_iter().enumerate() {
            let variants = texts(&pos, m, form);
            let text = variants[rng.below(variants.len())].clone();
            out.push(own(text, form, Expect::Move(uci(m)), part_of(voice, k, at)));
        }
    }
    let (commands, answers, talk): (Pairs, [&str; 2], &[Talk]) = match voice.lang {
        "de" => (&DE_COMMANDS, ["ja", "nein"], &DE_TALK),
        "et" => (&ET_COMMANDS, ["jah", "ei"], &ET_TALK),
        _ => (&EN_COMMANDS, ["yes", "no"], &EN_TALK),
    };
    let start = rng.below(commands.len());
    for k in 0..voice.commands {
        let (word, english) = commands[(start + k) % commands.len()];
        let expect = Expect::Command(english.to_string());
        out.push(own(
            word.into(),
            Form::Command,
            expect,
            part_of(voice, k, at),
        ));
    }
    for k in 0..voice.answers {
        let (word, english) = [(answers[0], "yes"), (answers[1], "no")][(k + at) % 2];
        let expect = Expect::Command(english.to_string());
        out.push(own(
            word.into(),
            Form::Answer,
            expect,
            part_of(voice, k, at),
        ));
    }
    let start = rng.below(talk.len() + NOISES.len());
    for k in 0..voice.rejects {
        let i = (start + k) % (talk.len() + NOISES.len());
        let part = part_of(voice, k, at);
        out.push(match talk.get(i) {
            Some(&(other, text)) => Said {
                voice: other,
                ..own(text.into(), Form::Talk, Expect::Nothing, part)
            },
            None => {
                let (name, effects) = NOISES[i - talk.len()];
                Said {
                    sox: Some(effects),
                    ..own(name.into(), Form::Noise, Expect::Nothing, part)
                }
            }
        });
    }
    // Shuffled, so that no cell of rate and noise gets one kind only.
    for i in (1..out.len()).rev() {
        out.swap(i, rng.below(i + 1));
    }
    out
}

fn run(command: &mut Command) {
    let out = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap_or_else(|e| panic!("{command:?}: {e}"));
    assert!(
        out.status.success(),
        "{command:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The samples of a 16 kHz mono WAV file.
pub fn read_samples(path: &Path) -> Vec<i16> {
    let mut reader = hound::WavReader::open(path).expect("a WAV file sox wrote");
    let spec = reader.spec();
    assert_eq!((spec.sample_rate, spec.channels), (RATE, 1), "{path:?}");
    reader
        .samples::<i16>()
        .map(|s| s.expect("a sample"))
        .collect()
}

/// Writes 16 kHz mono samples as a WAV file.
pub fn write_samples(path: &Path, samples: &[i16]) {
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: RATE,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut w = hound::WavWriter::create(path, spec).expect("a WAV file");
    for &s in samples {
        w.write_sample(s).expect("a sample");
    }
    w.finalize().expect("the WAV file written");
}

/// `text` said by `voice` of `synth` at `rate` words a minute, 16 kHz
/// mono, without the silence the synthesiser leaves around it; `dir`
/// holds the work files.
pub fn speak(synth: Synth, voice: &str, rate: u32, text: &str, dir: &Path) -> Vec<i16> {
    let raw = dir.join("raw.wav");
    let out = dir.join("one.wav");
    match synth {
        Synth::Espeak => run(Command::new("espeak-ng")
            .args(["-v", voice, "-s", &rate.to_string(), "-w"])
            .arg(&raw)
            .arg(text)),
        Synth::Flite => {
            let natural = FLITE_NATURAL
                .iter()
                .find(|(v, _)| *v == voice)
                .map_or(175.0, |&(_, wpm)| wpm);
            // espeak-ng's phonemes of the letter a; flite says "ay" so.
            let text = text.replace("[['eI]]", "ay");
            run(Command::new("flite")
                .args(["-voice", voice, "--setf"])
                .arg(format!("duration_stretch={:.3}", natural / f64::from(rate)))
                .args(["-t", &text, "-o"])
                .arg(&raw));
        }
    }
    run(Command::new("sox")
        .arg(&raw)
        .args(["-r", "16000", "-c", "1", "-b", "16"])
        .arg(&out));
    trimmed(read_samples(&out))
}

/// The samples between the first and the last loud one.
fn trimmed(samples: Vec<i16>) -> Vec<i16> {
    let loud = |s: &i16| s.unsigned_abs() > 200;
    let first = samples.iter().position(loud).unwrap_or(0);
    let last = samples.iter().rposition(loud).map_or(0, |i| i + 1);
    samples[first..last.max(first)].to_vec()
}

/// The sound of one utterance.
fn sound(said: &Said, voice: &Voice, rate: u32, dir: &Path) -> Vec<i16> {
    if let Some(effects) = said.sox {
        let out = dir.join("one.wav");
        run(Command::new("sox")
            .args(["-n", "-r", "16000", "-c", "1", "-b", "16"])
            .arg(&out)
            .args(effects));
        return trimmed(read_samples(&out));
    }
    let (synth, name) = said.voice.unwrap_or((voice.synth, voice.name));
    speak(synth, name, rate, &said.text, dir)
}

/// Noise of `colour` as long as `len` samples, from sox.
fn noise(colour: &str, len: usize, dir: &Path, seed: u64) -> Vec<i16> {
    let out = dir.join("noise.wav");
    let secs = format!("{:.3}", len as f64 / f64::from(RATE) + 0.1);
    run(Command::new("sox")
        .args(["-R", "-n", "-r", "16000", "-c", "1", "-b", "16"])
        .arg(&out)
        .args(["synth", &secs, &format!("{colour}noise")])
        .args(["vol", "0.5"]));
    let mut samples = read_samples(&out);
    // sox -R repeats itself; a shift per file keeps files apart.
    let shift = (seed as usize * 7919) % samples.len().max(1);
    samples.rotate_left(shift);
    samples.resize(len, 0);
    samples
}

fn rms(samples: impl Iterator<Item = i16>) -> f64 {
    let (mut sum, mut n) = (0f64, 0usize);
    for s in samples {
        sum += f64::from(s) * f64::from(s);
        n += 1;
    }
    (sum / n.max(1) as f64).sqrt()
}

/// Mixes noise of `colour` (white far below for a quiet room) under
/// `samples`, at an SNR measured over the `speech` spans.
fn add_noise(
    samples: &mut [i16],
    speech: &[(usize, usize)],
    colour: Option<&str>,
    dir: &Path,
    seed: u64,
) {
    // "Clean" is a quiet room: white noise far below the speech, as
    // every microphone has; digital silence is no real input.
    let (kind, snr) = match colour {
        Some(colour) => (colour, SNR_DB),
        None => ("white", FLOOR_DB),
    };
    let n = noise(kind, samples.len(), dir, seed);
    let level = rms(speech
        .iter()
        .flat_map(|&(at, len)| samples[at..at + len].iter().copied()));
    let scale = level / 10f64.powf(snr / 20.0) / rms(n.iter().copied()).max(1.0);
    for (s, x) in samples.iter_mut().zip(n) {
        *s = (f64::from(*s) + f64::from(x) * scale)
            .round()
            .clamp(-32768.0, 32767.0) as i16;
    }
}

/// The rate and noise of a position's three recordings by one voice:
/// every rate once, the noise alternating, so that over the positions
/// each voice has every rate clean and in noise.
fn cells(turn: usize) -> [(u32, Option<&'static str>); 3] {
    if turn.is_multiple_of(2) {
        [(130, None), (175, Some("brown")), (230, Some("pink"))]
    } else {
        [(130, Some("pink")), (175, None), (230, None)]
    }
}

/// The recordings of one voice in the `at`-th position.
fn recordings_of(voice: &Voice, v: usize, at: usize, dir: &Path, plan: &Plan) -> Vec<Recording> {
    let (position_name, fen) = POSITIONS[at];
    let work = dir.join(format!("work-{at}-{v}"));
    std::fs::create_dir_all(&work).expect("a work folder");
    let mut rng = Rng::new(plan.seed ^ ((at as u64) << 32) ^ ((v as u64) << 16));
    let said = script(voice, at, fen, &mut rng);
    let cells = cells(at + v);
    let mut out = Vec::new();
    for (c, &(rate, colour)) in cells.iter().enumerate() {
        let gap = vec![0i16; (GAP * f64::from(RATE)) as usize];
        let mut samples = vec![0i16; (LEAD * f64::from(RATE)) as usize];
        let (mut utterances, mut speech) = (Vec::new(), Vec::new());
        // Every file opens with a few words to the room, as a player
        // does: a game's first utterance is not the listener's first.
        let warm = Said {
            form: Form::Talk,
            text: warm_up(voice.lang).to_string(),
            expect: Expect::Nothing,
            voice: None,
            sox: None,
            part: part_of(voice, c, at),
        };
        for s in std::iter::once(&warm).chain(said.iter().skip(c).step_by(cells.len())) {
            let clip = sound(s, voice, rate, &work);
            let start = samples.len() as f64 / f64::from(RATE);
            speech.push((samples.len(), clip.len()));
            samples.extend_from_slice(&clip);
            let end = samples.len() as f64 / f64::from(RATE);
            samples.extend_from_slice(&gap);
            utterances.push(Utterance {
                start,
                end,
                form: s.form,
                text: s.text.clone(),
                expect: s.expect.clone(),
                part: s.part,
            });
        }
        let seed = (at * VOICES.len() + v) as u64 * 3 + c as u64 + 1;
        add_noise(&mut samples, &speech, colour, &work, seed);
        let name = format!(
            "{position_name}-{}-{rate}-{}.wav",
            voice.name,
            colour.unwrap_or("clean")
        );
        let path = dir.join(name);
        write_samples(&path, &samples);
        out.push(Recording {
            path,
            position: position_name,
            fen,
            lang: voice.lang,
            voice: voice.name,
            synth: voice.synth,
            rate,
            noise: colour,
            utterances,
        });
    }
    let _ = std::fs::remove_dir_all(&work);
    out
}

/// Builds the corpus of `plan` in `dir`, on two threads: three WAV
/// files per position and voice (one per rate), in a fixed order.
pub fn build(dir: &Path, plan: &Plan) -> Vec<Recording> {
    require_tools();
    std::fs::create_dir_all(dir).expect("the corpus folder");
    let jobs: Vec<(usize, usize)> = (0..POSITIONS.len())
        .flat_map(|at| (0..plan.voices.len()).map(move |v| (at, v)))
        .collect();
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<Option<Vec<Recording>>>> = Mutex::new(vec![None; jobs.len()]);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                while let Some(&(at, v)) = jobs.get(next.fetch_add(1, Ordering::SeqCst)) {
                    let made = recordings_of(&plan.voices[v], v, at, dir, plan);
                    let i = at * plan.voices.len() + v;
                    done.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(made);
                }
            });
        }
    });
    done.into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .flat_map(|r| r.expect("every job done"))
        .collect()
}

/// The corpus's manifest: one JSON object a line per utterance, with
/// its file, start and end (seconds), FEN, language, form, voice,
/// synthesiser, rate, noise, part, what it must be heard as (`expect`:
/// a UCI move, a command's English word, or `reject`), and its text.
pub fn manifest(recordings: &[Recording]) -> String {
    let mut out = String::new();
    for r in recordings {
        let file = r.path.file_name().unwrap_or_default().to_string_lossy();
        for u in &r.utterances {
            let expect = match &u.expect {
                Expect::Move(uci) => uci.as_str(),
                Expect::Command(word) => word.as_str(),
                Expect::Nothing => "reject",
            };
            let line = serde_json::json!({
                "file": file,
                "start": (u.start * 1000.0).round() / 1000.0,
                "end": (u.end * 1000.0).round() / 1000.0,
                "position": r.position,
                "fen": r.fen,
                "lang": r.lang,
                "form": u.form.name(),
                "voice": r.voice,
                "synth": match r.synth { Synth::Espeak => "espeak-ng", Synth::Flite => "flite" },
                "rate": r.rate,
                "noise": r.noise.unwrap_or("clean"),
                "part": u.part.name(),
                "expect": expect,
                "kind": u.expect.kind_value().0,
                "text": u.text,
                "words": if u.expect == Expect::Nothing { String::new() } else { grammar_words(&u.text) },
            });
            let _ = writeln!(out, "{line}");
        }
    }
    out
}
