//! A spoken corpus for voice input, made at test time: chess lines in
//! every spoken form (German FIDE words, English NATO words and
//! letters, Estonian), commands, answers, and talk and noise that must
//! be rejected, spoken by espeak-ng at three rates, with and without
//! noise, into 16 kHz WAV files of several utterances each, with what
//! every utterance is and where it lies.
//!
//! The texts come from shakmaty's legal moves and SAN and small tables
//! of this module's own: an oracle apart from annabella's vocabularies
//! and grammar. espeak-ng speaks, sox converts, makes the coughs and
//! thumps and the noise; the mixing is done here.

#![allow(dead_code)] // Each test binary uses part of it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use annabella::rng::Rng;
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, CastlingSide, Chess, Move, Position, Role, Square};

/// Pairs of words and what they stand for (commands, talk).
type Pairs = &'static [(&'static str, &'static str)];

/// The sample rate of every file.
pub const RATE: u32 = 16_000;
/// espeak-ng's speaking rates (words a minute).
pub const RATES: [u32; 3] = [130, 175, 230];
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
/// castlings, a promotion position with captures into the corner.
pub const POSITIONS: [(&str, &str); 3] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "middlegame",
        "r3k2r/ppp1qppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP1QPPP/R3K2R w KQkq - 4 8",
    ),
    ("promotion", "2r1n3/1P1P1k2/8/8/8/8/5K2/8 w - - 0 1"),
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

/// One utterance in a recording.
#[derive(Clone, Debug)]
pub struct Utterance {
    /// Where its sound starts and ends, in seconds.
    pub start: f64,
    pub end: f64,
    pub form: Form,
    /// The text spoken (as given to espeak-ng), or what the sound is.
    pub text: String,
    pub expect: Expect,
}

/// One WAV file: a position, a voice, a rate, noise or not.
#[derive(Clone, Debug)]
pub struct Recording {
    pub path: PathBuf,
    pub position: &'static str,
    pub fen: &'static str,
    /// The UI language `annabella hear` is given.
    pub lang: &'static str,
    /// espeak-ng's voice.
    pub voice: &'static str,
    pub rate: u32,
    /// `pink` or `brown` noise at [`SNR_DB`], or none.
    pub noise: Option<&'static str>,
    pub utterances: Vec<Utterance>,
}

/// A voice and what it says.
#[derive(Clone, Copy, Debug)]
pub struct Voice {
    /// espeak-ng's voice.
    pub espeak: &'static str,
    /// The language of its words and of `hear --lang`.
    pub lang: &'static str,
    /// Its move forms, and how many moves of each per position.
    pub forms: &'static [(Form, usize)],
}

/// What to make: voices, commands, answers and rejects per position
/// and voice.
#[derive(Clone, Debug)]
pub struct Plan {
    pub voices: Vec<Voice>,
    pub commands: usize,
    pub answers: usize,
    pub rejects: usize,
    pub seed: u64,
}

pub const GERMAN: Voice = Voice {
    espeak: "de",
    lang: "de",
    forms: &[(Form::Fide, 16), (Form::FideFromTo, 4)],
};
pub const AMERICAN: Voice = Voice {
    espeak: "en-us",
    lang: "en",
    forms: &[(Form::Nato, 12), (Form::Letters, 12)],
};
pub const BRITISH: Voice = Voice {
    espeak: "en-gb",
    lang: "en",
    forms: &[(Form::Nato, 12), (Form::Letters, 12)],
};
pub const ESTONIAN: Voice = Voice {
    espeak: "et",
    lang: "et",
    forms: &[(Form::Estonian, 16)],
};

impl Plan {
    /// The test's sample: German, American and British English.
    pub fn test() -> Plan {
        Plan {
            voices: vec![GERMAN, AMERICAN, BRITISH],
            commands: 3,
            answers: 2,
            rejects: 6,
            seed: 26,
        }
    }

    /// A larger corpus with Estonian, for `scripts/voice-corpus`; every
    /// count times `scale`.
    pub fn full(scale: usize) -> Plan {
        let scale = scale.max(1);
        let leak = |forms: &[(Form, usize)]| -> &'static [(Form, usize)] {
            let v: Vec<(Form, usize)> = forms.iter().map(|&(f, n)| (f, n * scale)).collect();
            Box::leak(v.into_boxed_slice())
        };
        let voices = [GERMAN, AMERICAN, BRITISH, ESTONIAN]
            .into_iter()
            .map(|v| Voice {
                forms: leak(v.forms),
                ..v
            })
            .collect();
        Plan {
            voices,
            commands: 7 * scale,
            answers: 2 * scale,
            rejects: 9 * scale,
            seed: 26,
        }
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

/// Talk in the voice's language (and English in every language), and
/// another voice's words: (espeak-ng voice or "" for the voice's own,
/// text).
const DE_TALK: [(&str, &str); 6] = [
    ("", "Ich hole mir schnell einen Kaffee."),
    ("", "Das Wetter ist heute wirklich schön."),
    ("", "Kannst du bitte das Fenster aufmachen?"),
    ("", "ähm"),
    ("en-us", "I think I left the oven on."),
    ("de+f3", "Apfel, Regenschirm, Telefon, Fahrrad."),
];
const EN_TALK: [(&str, &str); 6] = [
    ("", "Could you pass me the water, please?"),
    ("", "What time does the train leave tomorrow?"),
    ("", "Let me think about this for a moment."),
    ("", "hmm"),
    ("de", "Wo habe ich nur meine Brille hingelegt?"),
    ("en-us+f3", "Banana, umbrella, telephone, window."),
];
const ET_TALK: [(&str, &str); 4] = [
    ("", "Ma lähen toon endale kohvi."),
    ("", "Ilm on täna väga ilus."),
    ("en-us", "I think I left the oven on."),
    ("et+f3", "Banaan, vihmavari, telefon, aken."),
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

/// Fails, naming what to install, when espeak-ng or sox is missing.
pub fn require_tools() {
    for (tool, arg, package) in [
        ("espeak-ng", "--version", "espeak-ng"),
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
            "the voice corpus needs {tool}: apt-get install {package} (espeak-ng and sox)"
        );
    }
}

/// A position from its FEN.
pub fn position(fen: &str) -> Chess {
    let fen: Fen = fen.parse().expect("a FEN");
    fen.into_position(CastlingMode::Standard)
        .expect("a legal position")
}

fn uci(m: Move) -> String {
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

/// Moves to say: every castling, up to two promotions, a third
/// captures, the rest at random.
fn sample_moves(pos: &Chess, n: usize, rng: &mut Rng) -> Vec<Move> {
    let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
    let mut chosen: Vec<Move> = legal.iter().copied().filter(|m| m.is_castle()).collect();
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
    chosen.truncate(n.max(chosen.iter().filter(|m| m.is_castle()).count()));
    chosen
}

/// One utterance before it is placed: its sound is made from `text` by
/// `voice` (espeak-ng), or by sox's effects.
struct Said {
    form: Form,
    text: String,
    expect: Expect,
    voice: Option<String>,
    sox: Option<&'static [&'static str]>,
}

/// The words that open every file.
fn warm_up(lang: &str) -> &'static str {
    match lang {
        "de" => "Also gut, dann wollen wir mal anfangen.",
        "et" => "Olgu, hakkame siis peale.",
        _ => "Okay then, let's get started.",
    }
}

/// Everything one voice says in one position.
fn script(voice: &Voice, fen: &str, plan: &Plan, rng: &mut Rng) -> Vec<Said> {
    let pos = position(fen);
    let mut out = Vec::new();
    let own = |text: String, form: Form, expect: Expect| Said {
        form,
        text,
        expect,
        voice: None,
        sox: None,
    };
    for &(form, n) in voice.forms {
        for m in sample_moves(&pos, n, rng) {
            let variants = texts(&pos, m, form);
            let text = variants[rng.below(variants.len())].clone();
            out.push(own(text, form, Expect::Move(uci(m))));
        }
    }
    let (commands, answers, talk): (Pairs, [&str; 2], Pairs) = match voice.lang {
        "de" => (&DE_COMMANDS, ["ja", "nein"], &DE_TALK),
        "et" => (&ET_COMMANDS, ["jah", "ei"], &ET_TALK),
        _ => (&EN_COMMANDS, ["yes", "no"], &EN_TALK),
    };
    let start = rng.below(commands.len());
    for i in 0..plan.commands {
        let (word, english) = commands[(start + i) % commands.len()];
        out.push(own(
            word.to_string(),
            Form::Command,
            Expect::Command(english.to_string()),
        ));
    }
    for i in 0..plan.answers {
        let (word, english) = [(answers[0], "yes"), (answers[1], "no")][i % 2];
        out.push(own(
            word.to_string(),
            Form::Answer,
            Expect::Command(english.to_string()),
        ));
    }
    let start = rng.below(talk.len() + NOISES.len());
    for i in 0..plan.rejects {
        let k = (start + i) % (talk.len() + NOISES.len());
        if k < talk.len() {
            let (other, text) = talk[k];
            out.push(Said {
                form: Form::Talk,
                text: text.to_string(),
                expect: Expect::Nothing,
                voice: (!other.is_empty()).then(|| other.to_string()),
                sox: None,
            });
        } else {
            let (name, effects) = NOISES[k - talk.len()];
            out.push(Said {
                form: Form::Noise,
                text: name.to_string(),
                expect: Expect::Nothing,
                voice: None,
                sox: Some(effects),
            });
        }
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

fn read_samples(path: &Path) -> Vec<i16> {
    let mut reader = hound::WavReader::open(path).expect("a WAV file sox wrote");
    let spec = reader.spec();
    assert_eq!((spec.sample_rate, spec.channels), (RATE, 1), "{path:?}");
    reader
        .samples::<i16>()
        .map(|s| s.expect("a sample"))
        .collect()
}

fn write_samples(path: &Path, samples: &[i16]) {
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

/// The sound of one utterance, 16 kHz mono, without the silence
/// espeak-ng leaves around it.
fn sound(said: &Said, voice: &str, rate: u32, dir: &Path) -> Vec<i16> {
    let out = dir.join("one.wav");
    if let Some(effects) = said.sox {
        run(Command::new("sox")
            .args(["-n", "-r", "16000", "-c", "1", "-b", "16"])
            .arg(&out)
            .args(effects));
    } else {
        let raw = dir.join("raw.wav");
        let voice = said.voice.as_deref().unwrap_or(voice);
        run(Command::new("espeak-ng")
            .args(["-v", voice, "-s", &rate.to_string(), "-w"])
            .arg(&raw)
            .arg(&said.text));
        run(Command::new("sox")
            .arg(&raw)
            .args(["-r", "16000", "-c", "1", "-b", "16"])
            .arg(&out));
    }
    let samples = read_samples(&out);
    let loud = |s: &i16| s.unsigned_abs() > 200;
    let first = samples.iter().position(loud).unwrap_or(0);
    let last = samples.iter().rposition(loud).map_or(0, |i| i + 1);
    samples[first..last.max(first)].to_vec()
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

/// Builds the corpus of `plan` in `dir`: one WAV per position, voice,
/// rate and noise, each utterance in one of the voice's six files.
pub fn build(dir: &Path, plan: &Plan) -> Vec<Recording> {
    require_tools();
    std::fs::create_dir_all(dir).expect("the corpus folder");
    let work = dir.join("work");
    std::fs::create_dir_all(&work).expect("a work folder");
    let mut rng = Rng::new(plan.seed);
    let mut recordings = Vec::new();
    for (position_name, fen) in POSITIONS {
        for voice in &plan.voices {
            let said = script(voice, fen, plan, &mut rng);
            let cells: Vec<(u32, Option<&'static str>)> = RATES
                .iter()
                .enumerate()
                .flat_map(|(i, &r)| [(r, None), (r, Some(["pink", "brown"][i % 2]))])
                .collect();
            for (c, &(rate, colour)) in cells.iter().enumerate() {
                let gap = vec![0i16; (GAP * f64::from(RATE)) as usize];
                let mut samples = vec![0i16; (LEAD * f64::from(RATE)) as usize];
                let mut utterances = Vec::new();
                let mut speech = Vec::new();
                // Every file opens with a few words to the room, as a player
                // does: the recogniser's first utterance is judged cold (its
                // cepstral mean not yet adapted) and a game's is not its first.
                let warm = Said {
                    form: Form::Talk,
                    text: warm_up(voice.lang).to_string(),
                    expect: Expect::Nothing,
                    voice: None,
                    sox: None,
                };
                for s in std::iter::once(&warm).chain(said.iter().skip(c).step_by(cells.len())) {
                    let clip = sound(s, voice.espeak, rate, &work);
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
                    });
                }
                // "Clean" is a quiet room: white noise far below the speech, as
                // every microphone has; digital silence is no real input.
                let (kind, snr) = match colour {
                    Some(colour) => (colour, SNR_DB),
                    None => ("white", FLOOR_DB),
                };
                {
                    let seed = recordings.len() as u64 + 1;
                    let n = noise(kind, samples.len(), &work, seed);
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
                let name = format!(
                    "{position_name}-{}-{rate}-{}.wav",
                    voice.espeak,
                    colour.unwrap_or("clean")
                );
                let path = dir.join(name);
                write_samples(&path, &samples);
                recordings.push(Recording {
                    path,
                    position: position_name,
                    fen,
                    lang: voice.lang,
                    voice: voice.espeak,
                    rate,
                    noise: colour,
                    utterances,
                });
            }
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    recordings
}

/// The labels of a corpus as TSV: file, start, end, position, FEN,
/// lang, voice, rate, noise, form, kind, value, text, and the
/// words a grammar holds for the text (`-` for talk and noise).
pub fn labels(recordings: &[Recording]) -> String {
    let mut out = String::from(
        "file\tstart\tend\tposition\tfen\tlang\tvoice\trate\tnoise\tform\tkind\tvalue\ttext\twords\n",
    );
    for r in recordings {
        let file = r.path.file_name().unwrap_or_default().to_string_lossy();
        for u in &r.utterances {
            let (kind, value) = u.expect.kind_value();
            let _ = writeln!(
                out,
                "{file}\t{:.2}\t{:.2}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{kind}\t{value}\t{}\t{}",
                u.start,
                u.end,
                r.position,
                r.fen,
                r.lang,
                r.voice,
                r.rate,
                r.noise.unwrap_or("clean"),
                u.form.name(),
                u.text,
                if u.expect == Expect::Nothing {
                    "-".to_string()
                } else {
                    grammar_words(&u.text)
                }
            );
        }
    }
    out
}

/// A JSGF grammar of every legal move of `fen` in the forms of `lang`
/// (German FIDE words for de; NATO words and letters for en; Estonian
/// for et), with the answers and the commands, in grammar words: what
/// `pocketsphinx_continuous -jsgf` is given to measure pronunciations.
pub fn jsgf(fen: &str, lang: &str) -> String {
    let pos = position(fen);
    let forms: &[Form] = match lang {
        "de" => &[Form::Fide, Form::FideFromTo],
        "et" => &[Form::Estonian],
        _ => &[Form::Nato, Form::Letters],
    };
    let mut lines = std::collections::BTreeSet::new();
    for m in pos.legal_moves() {
        for &form in forms {
            for t in texts(&pos, m, form) {
                lines.insert(grammar_words(&t));
            }
        }
    }
    let answers: &[&str] = match lang {
        "de" => &["ja", "nein", "yes", "no"],
        "et" => &["jah", "ei", "yes", "no"],
        _ => &["yes", "no"],
    };
    for w in answers {
        lines.insert(w.to_string());
    }
    let commands: &[(&str, &str)] = match lang {
        "de" => &DE_COMMANDS,
        "et" => &ET_COMMANDS,
        _ => &EN_COMMANDS,
    };
    for (w, _) in commands {
        lines.insert(grammar_words(w));
    }
    let body: Vec<String> = lines.into_iter().collect();
    format!(
        "#JSGF V1.0;\ngrammar moves;\npublic <line> = {};\n",
        body.join(" |\n    ")
    )
}
