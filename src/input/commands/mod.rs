//! The command table: every command once, with the words that call it
//! in every language, the argument it takes, whether it only reads, and
//! its help. Parsing, completion, `help` and the rule that reading
//! commands leave an open question standing all come from here; the
//! session dispatches on [`Command`] with an exhaustive `match`.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::settings::Lang;

use super::vocab::fold;

mod table;

pub use table::COMMANDS;

pub use crate::lang::Words;

/// A command: what the first word of a line asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// The commands, or help for one.
    Help,
    /// Ends annabella; the game is kept.
    Quit,
    /// A new game.
    New,
    /// The whole board.
    Board,
    /// What stands on a square.
    Square,
    /// What stands on a rank.
    Rank,
    /// What stands on a file.
    File,
    /// What stands on the diagonals through a square.
    Diagonal,
    /// The pieces of both sides or one.
    Pieces,
    /// Where pieces of one kind stand.
    Where,
    /// Who attacks and defends a square.
    Attackers,
    /// Legal moves, of all pieces or one.
    Moves,
    /// The material balance.
    Material,
    /// Whose move it is, or the result.
    Status,
    /// The position as FEN.
    Fen,
    /// The game as PGN.
    Pgn,
    /// The last move again.
    Last,
    /// All moves.
    History,
    /// The last answer again.
    Repeat,
    /// Takes back a move.
    Undo,
    /// Resigns.
    Resign,
    /// Claims or offers a draw.
    Draw,
    /// Accepts a draw offer.
    Accept,
    /// Declines a draw offer.
    Decline,
    /// Changes a setting.
    Set,
    /// Lists the settings.
    Settings,
    /// The engine's move suggestion.
    Hint,
    /// How the position stands.
    Eval,
    /// Both clocks, or one, in words.
    Clock,
    /// Stops the clock.
    Pause,
    /// Starts the stopped clock again.
    Resume,
    /// Saves the game under a name.
    Save,
    /// Loads a saved game or a game of a PGN file.
    Load,
    /// Lists the saved games, or a PGN file's.
    Games,
    /// Replay: the next move.
    Next,
    /// Replay: takes the shown move back.
    Prev,
    /// Replay: the start position.
    Start,
    /// Replay: the last move and the result.
    End,
    /// Replay: the position after one move.
    Goto,
    /// Plays on from the position shown in a replay.
    Play,
    /// The player's own board: set it, state squares, read it back.
    MyBoard,
    /// Compares the player's board with the game's.
    Compare,
    /// Compares a scoresheet (or two) with the game record.
    Scoresheet,
    /// Takes the game back to the last move the records agree on, or to
    /// a move named.
    Restore,
    /// Blindfold play: board reading costs peeks.
    Blindfold,
    /// A drill of blindfold skills, its end, or its statistics.
    Drill,
    /// lichess: who is logged in and the games in progress; `login`,
    /// `logout`.
    Online,
    /// lichess: a real-time seek.
    Seek,
    /// lichess: challenges a player or lichess's AI.
    Challenge,
    /// lichess: aborts the game before it properly began, or the seek.
    Abort,
    /// lichess: a line in the game's chat.
    Say,
    /// lichess: claims the win when the opponent has left.
    Claim,
}

/// What may follow a command word.
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
    /// Optionally free words: a name or a file (`save`, `pgn game.pgn`).
    Text,
    /// A move number, optionally with a side (`goto 12`, `goto 12 black`).
    MoveNumber,
    /// Optionally a move number with a side (`restore`, `restore 12 black`).
    OptionalMoveNumber,
}

/// One command with everything the program knows about it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The command.
    pub command: Command,
    /// The words that call it.
    pub words: Words,
    /// What may follow the word.
    pub arg: Arg,
    /// Whether it only reads: allowed while a question is open (the
    /// question stands), and later the commands a blindfold peek costs.
    pub read_only: bool,
    /// The message id of its help text.
    pub help: &'static str,
}

const fn entry(
    command: Command,
    words: Words,
    arg: Arg,
    read_only: bool,
    help: &'static str,
) -> Entry {
    Entry {
        command,
        words,
        arg,
        read_only,
        help,
    }
}

/// Short for [`Words::new`], for tables.
pub(crate) const fn w(
    en: &'static [&'static str],
    de: &'static [&'static str],
    et: &'static [&'static str],
) -> Words {
    Words::new(en, de, et)
}

// The table is indexed by the command: a command out of place would
// answer for another.
const _: () = {
    let mut i = 0;
    while i < COMMANDS.len() {
        assert!(COMMANDS[i].command as usize == i);
        i += 1;
    }
};

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
    /// use annabella::input::commands::Command;
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

    /// What the command costs in blindfold play, by how much of the board
    /// it shows: one square or the last move least, a line of squares, a
    /// kind of piece or the attackers of a square more, every piece or
    /// the whole board most. Free: what a blindfold player may always
    /// ask (whose move, the clock, the moves played) and what does not
    /// show the game's board at all.
    pub fn peek_cost(self) -> u32 {
        use Command as C;
        match self {
            C::Square | C::Last | C::Eval => 1,
            C::Rank
            | C::File
            | C::Diagonal
            | C::Where
            | C::Attackers
            | C::Moves
            | C::Material
            | C::Hint
            | C::Compare => 2,
            C::Board | C::Pieces | C::Fen => 4,
            C::Help
            | C::Quit
            | C::New
            | C::Status
            | C::Pgn
            | C::History
            | C::Repeat
            | C::Undo
            | C::Resign
            | C::Draw
            | C::Accept
            | C::Decline
            | C::Set
            | C::Settings
            | C::Clock
            | C::Pause
            | C::Resume
            | C::Save
            | C::Load
            | C::Games
            | C::Next
            | C::Prev
            | C::Start
            | C::End
            | C::Goto
            | C::Play
            | C::MyBoard
            | C::Scoresheet
            | C::Restore
            | C::Blindfold
            | C::Drill
            | C::Online
            | C::Seek
            | C::Challenge
            | C::Abort
            | C::Say
            | C::Claim => 0,
        }
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
