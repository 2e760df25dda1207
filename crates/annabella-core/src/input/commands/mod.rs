//! The command table: every command once, with the words that call it
//! in every language, the argument it takes, its help, and how it fares
//! where not every command may run — whether it only reads, what a peek
//! at it costs in blindfold play, what it does while a game is replayed
//! and while a game on lichess runs. Parsing, completion, `help`, the
//! rule that reading commands leave an open question standing and the
//! session's refusals all come from here; the session dispatches on
//! [`Cmd`], the command with its argument, with an exhaustive `match`.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::settings::Lang;

use super::vocab::fold;

pub use crate::lang::Words;

/// The kind of argument a command takes: how its words are read (whether
/// question words and a final `?` belong to it) and what is said when it
/// is missing. Each argument type names its kind
/// ([`crate::input::Argument::ARG`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// Nothing.
    None,
    /// Optionally a command word (`help board`).
    Topic,
    /// Optionally a side and `960` with a start number or `random`.
    NewGame,
    /// A square (`square e4`, `attackers Eva vier`).
    Square,
    /// Optionally a square (`moves`, `moves g1`).
    OptionalSquare,
    /// A rank (`rank 4`, `reihe vier`).
    Rank,
    /// A file (`file e`, `linie Eva`).
    File,
    /// Optionally a side (`pieces`, `pieces white`).
    OptionalColor,
    /// A kind of piece, optionally with a side (`where black queen`).
    Piece,
    /// A setting's key and value (`set style san`).
    Setting,
    /// Optionally a move (`draw`, `draw Nf3`).
    OptionalMove,
    /// Optionally one side of the clock (`clock black`, `clock mine`).
    ClockSide,
    /// Free words, read by the command's own grammar: a name, a file, a
    /// subcommand (`save`, `pgn game.pgn`, `drill stop`, `seek 10+5`).
    Text,
    /// A move number, optionally with a side (`goto 12`, `goto 12 black`).
    MoveNumber,
    /// Optionally a move number with a side (`restore`, `restore 12 black`).
    OptionalMoveNumber,
    /// `on` or `off`, or nothing.
    Switch,
    /// Optionally a view of the Braille display (`display board`).
    View,
}

/// What a command does while a game is replayed (a finished or loaded
/// game shown move by move).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InReplay {
    /// Runs as always: it reads the position shown, walks the replay or
    /// ends it.
    Allowed,
    /// Refused: it would play on in the game replayed, whose clock stands
    /// still.
    Refused,
    /// Means `prev`: nothing was played to take back, so the move shown
    /// is taken off.
    Prev,
}

/// What a command does while a game on lichess runs (once it is over,
/// every command runs as always).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OnLichess {
    /// Runs as always.
    Local,
    /// Refused: not possible there (a new or loaded game, help from an
    /// engine, the clock stopped, the game cut back).
    Refused,
    /// A call to lichess instead (`undo` proposes a takeback, `resign`
    /// resigns there, `draw` offers through the server).
    Call,
    /// A call in the game there, as [`OnLichess::Call`]; with no game
    /// there, the answer to the oldest challenge, if one waits.
    Answer,
}

/// One command with everything the program knows about it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The command.
    pub command: Command,
    /// The words that call it.
    pub words: Words,
    /// The kind of argument it takes.
    pub arg: Arg,
    /// The message id of its help text.
    pub help: &'static str,
    /// Whether it only reads: allowed while a question is open (the
    /// question stands).
    pub read_only: bool,
    /// What it costs in blindfold play, by how much of the board it
    /// shows: one square or the last move least, a line of squares, a
    /// kind of piece or the attackers of a square more, every piece or
    /// the whole board most. Free: what a blindfold player may always
    /// ask (whose move, the clock, the moves played) and what does not
    /// show the game's board at all.
    pub peek_cost: u32,
    /// What it does while a game is replayed.
    pub in_replay: InReplay,
    /// What it does while a game on lichess runs.
    pub on_lichess: OnLichess,
}

/// Short for [`Words::new`], for tables.
pub(crate) const fn w(
    en: &'static [&'static str],
    de: &'static [&'static str],
    et: &'static [&'static str],
) -> Words {
    Words::new(en, de, et)
}

/// Declares the commands once and makes of them the [`Command`] and
/// [`Cmd`] enums, the table [`COMMANDS`] and the reading of a command's
/// words into its [`Cmd`]. An entry is the command's name with the type
/// of its argument (none when it takes nothing), `=` its words and help
/// id, and where it differs from the defaults: `reads: true` (it only
/// reads), `peeks: N` (its blindfold cost, else free), `replay:` an
/// [`InReplay`] (else `Allowed`), `lichess:` an [`OnLichess`] (else
/// `Local`), in that order.
macro_rules! commands {
    (@arg) => { $crate::input::commands::Arg::None };
    (@arg $arg:ty) => { <$arg as $crate::input::Argument>::ARG };
    (@or , $default:expr) => { $default };
    (@or $value:expr, $default:expr) => { $value };
    (@read $command:ident $words:ident $variant:ident) => {{
        <() as $crate::input::Argument>::read($command, $words)?;
        Cmd::$variant
    }};
    (@read $command:ident $words:ident $variant:ident $arg:ty) => {
        Cmd::$variant(<$arg as $crate::input::Argument>::read($command, $words)?)
    };
    ($(
        $(#[doc = $doc:literal])*
        $variant:ident $(($arg:ty))? = $words:expr, $help:literal
            $(, reads: $reads:literal)?
            $(, peeks: $peeks:literal)?
            $(, replay: $replay:ident)?
            $(, lichess: $lichess:ident)?;
    )*) => {
        /// A command: what the first word of a line asks for.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Command { $( $(#[doc = $doc])* $variant, )* }

        /// A command with its argument as the line gave it: what the
        /// session carries out.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Cmd { $( $(#[doc = $doc])* $variant $(($arg))?, )* }

        /// Every command, in the order `help` lists them and [`Command`]
        /// declares them.
        pub const COMMANDS: [Entry; [$(stringify!($variant)),*].len()] = [$(
            Entry {
                command: Command::$variant,
                words: $words,
                arg: commands!(@arg $($arg)?),
                help: $help,
                read_only: commands!(@or $($reads)?, false),
                peek_cost: commands!(@or $($peeks)?, 0),
                in_replay: commands!(@or $(InReplay::$replay)?, InReplay::Allowed),
                on_lichess: commands!(@or $(OnLichess::$lichess)?, OnLichess::Local),
            },
        )*];

        impl Cmd {
            /// Which command this is.
            pub fn command(&self) -> Command {
                match self { $( Cmd::$variant { .. } => Command::$variant, )* }
            }
        }

        /// Reads the words after `command`'s word (question words already
        /// read past) into the argument its entry names.
        pub(in $crate::input) fn read_argument(
            command: Command,
            words: &[&str],
        ) -> Result<Cmd, $crate::input::CommandError> {
            Ok(match command {
                $( Command::$variant => commands!(@read command words $variant $($arg)?), )*
            })
        }
    };
}

mod table;

pub(super) use table::read_argument;
pub use table::{COMMANDS, Cmd, Command};

impl Command {
    /// Every command, in the order of the table.
    pub fn all() -> impl Iterator<Item = Command> {
        COMMANDS.iter().map(|e| e.command)
    }

    /// Everything the table says about this command.
    pub fn entry(self) -> &'static Entry {
        &COMMANDS[self as usize]
    }

    /// The command a word calls (any language, case and accents
    /// ignored: `zuruck` and `ZURÜCK` call `undo`).
    ///
    /// ```
    /// use annabella_core::input::commands::Command;
    /// assert_eq!(Command::from_word("Brett"), Some(Command::Board));
    /// assert_eq!(Command::from_word("laud"), Some(Command::Board));
    /// assert_eq!(Command::from_word("Springer"), None);
    /// ```
    pub fn from_word(word: &str) -> Option<Command> {
        // Every line's first word is looked up: fold the table once.
        static BY_WORD: OnceLock<HashMap<String, Command>> = OnceLock::new();
        let by_word = BY_WORD.get_or_init(|| {
            let mut map = HashMap::new();
            for entry in COMMANDS.iter().rev() {
                for word in entry.words.all() {
                    map.insert(fold(word), entry.command);
                }
            }
            map
        });
        by_word.get(&fold(word)).copied()
    }

    /// The word shown for this command in `lang`.
    pub fn word(self, lang: Lang) -> &'static str {
        self.entry().words.shown(lang)
    }

    /// What the command costs in blindfold play ([`Entry::peek_cost`]).
    pub fn peek_cost(self) -> u32 {
        self.entry().peek_cost
    }
}

/// Every command word of every language longer than one letter, sorted,
/// for completion at the prompt.
pub fn completion_words() -> Vec<&'static str> {
    let mut words: Vec<&'static str> = COMMANDS
        .iter()
        .flat_map(|e| e.words.all())
        .filter(|w| w.chars().count() > 1)
        .collect();
    words.sort_unstable();
    words.dedup();
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_command_order_and_every_command_has_words() {
        for (i, command) in Command::all().enumerate() {
            assert_eq!(command.entry().command, command);
            assert_eq!(command as usize, i);
            for lang in Lang::ALL {
                assert!(!command.word(lang).is_empty(), "{command:?} in {lang:?}");
            }
        }
    }

    #[test]
    fn only_reading_commands_cost_peeks() {
        for entry in &COMMANDS {
            assert!(
                entry.peek_cost == 0 || entry.read_only,
                "{:?} costs peeks but changes the game",
                entry.command
            );
        }
    }

    #[test]
    fn words_are_found_in_any_language() {
        assert_eq!(Command::from_word("zurück"), Some(Command::Undo));
        assert_eq!(Command::from_word("zuruck"), Some(Command::Undo));
        assert_eq!(Command::from_word("tagasi"), Some(Command::Undo));
        assert_eq!(Command::from_word("LÕPETA"), Some(Command::Quit));
        assert_eq!(Command::from_word("lopeta"), Some(Command::Quit));
        assert_eq!(Command::from_word("x"), None);
        assert_eq!(Command::from_word("?"), None);
    }
}
