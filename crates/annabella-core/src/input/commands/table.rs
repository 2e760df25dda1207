//! The table itself: every command once, in the order `help` lists
//! them, with the type of its argument, its words in every language,
//! its help id and where it differs from the defaults (see the
//! `commands!` macro).

use shakmaty::{Color, File, Rank, Square};

use super::{Entry, InReplay, OnLichess, w};
use crate::input::args::{
    BlindfoldOrder, BoardOrder, BrfTo, ChallengeOrder, ClaimFor, ClockSide, DrillOrder, LoadFrom,
    MoveNumber, MoveText, NewGame, OnlineOrder, PgnTo, PieceKind, ReviewOrder, SaveTo, Sheets,
    Terms, View,
};
use crate::settings::Setting;

commands! {
    /// The commands, or help for one.
    Help(Option<Command>) = w(&["help", "h"], &["hilfe"], &["abi"]), "help-help", reads: true;
    /// Ends annabella; the game is kept.
    Quit = w(&["quit", "exit"], &["ende"], &["lõpeta", "välju"]), "help-quit";
    /// A new game.
    New(NewGame) = w(&["new"], &["neu"], &["uus"]), "help-new", lichess: Refused;
    /// The whole board.
    Board = w(&["board", "b"], &["brett"], &["laud"]), "help-board", reads: true, peeks: 4;
    /// What stands on a square.
    Square(Square) = w(&["square"], &["feld"], &["ruut"]), "help-square", reads: true, peeks: 1;
    /// What stands on a rank.
    Rank(Rank) = w(&["rank"], &["reihe"], &["rida", "horisontaal"]),
        "help-rank", reads: true, peeks: 2;
    /// What stands on a file.
    File(File) = w(&["file"], &["linie"], &["liin", "vertikaal"]),
        "help-file", reads: true, peeks: 2;
    /// What stands on the diagonals through a square.
    Diagonal(Square) = w(&["diagonal"], &["diagonale"], &["diagonaal"]),
        "help-diagonal", reads: true, peeks: 2;
    /// The pieces of both sides or one.
    Pieces(Option<Color>) = w(&["pieces", "p"], &["figuren"], &["nupud"]),
        "help-pieces", reads: true, peeks: 4;
    /// Where pieces of one kind stand.
    Where(PieceKind) = w(&["where"], &["wo"], &["kus"]), "help-where", reads: true, peeks: 2;
    /// Who attacks and defends a square.
    Attackers(Square) = w(&["attackers"], &["angreifer"], &["ründajad"]),
        "help-attackers", reads: true, peeks: 2;
    /// Legal moves, of all pieces or one.
    Moves(Option<Square>) = w(&["moves"], &["züge"], &["käigud"]),
        "help-moves", reads: true, peeks: 2;
    /// The material balance.
    Material = w(&["material"], &["material"], &["materjal"]),
        "help-material", reads: true, peeks: 2;
    /// Whose move it is, or the result.
    Status = w(&["status", "s"], &["status", "stand"], &["seis"]), "help-status", reads: true;
    /// The position as FEN.
    Fen = w(&["fen"], &["fen"], &["fen"]), "help-fen", reads: true, peeks: 4;
    /// The game as PGN.
    Pgn(PgnTo) = w(&["pgn"], &["pgn"], &["pgn"]), "help-pgn", reads: true;
    /// The game as a Braille scoresheet (a BRF file).
    Brf(BrfTo) = w(
        &["brf"],
        &["brf", "punktschriftformular"],
        &["brf", "punktkirjablankett"],
    ), "help-brf", reads: true;
    /// The last move again.
    Last = w(&["last", "l"], &["letzter"], &["viimane"]), "help-last", reads: true, peeks: 1;
    /// All moves.
    History = w(&["history"], &["partie"], &["partii"]), "help-history", reads: true;
    /// The last answer again.
    Repeat = w(&["repeat", "r"], &["wiederholen"], &["korda"]), "help-repeat", reads: true;
    /// Takes back a move.
    Undo = w(&["undo"], &["zurück"], &["tagasi"]), "help-undo", replay: Prev, lichess: Call;
    /// Resigns.
    Resign = w(&["resign"], &["aufgeben"], &["alistun"]),
        "help-resign", replay: Refused, lichess: Call;
    /// Claims or offers a draw.
    Draw(Option<MoveText>) = w(&["draw"], &["remis"], &["viik"]),
        "help-draw", replay: Refused, lichess: Call;
    /// Accepts a draw offer.
    Accept = w(&["accept"], &["annehmen"], &["nõus"]),
        "help-accept", replay: Refused, lichess: Answer;
    /// Declines a draw offer.
    Decline = w(&["decline"], &["ablehnen"], &["keeldun"]),
        "help-decline", replay: Refused, lichess: Answer;
    /// Changes a setting.
    Set(Setting) = w(&["set"], &["einstellen"], &["määra"]), "help-set";
    /// Lists the settings.
    Settings = w(&["settings"], &["einstellungen"], &["seaded"]), "help-settings", reads: true;
    /// The engine's move suggestion.
    Hint = w(&["hint"], &["tipp"], &["vihje"]),
        "help-hint", reads: true, peeks: 2, lichess: Refused;
    /// How the position stands.
    Eval = w(&["eval"], &["bewertung"], &["hinnang"]),
        "help-eval", reads: true, peeks: 1, lichess: Refused;
    /// The opening's name and ECO code.
    Opening = w(&["opening"], &["eröffnung"], &["avang"]), "help-opening", reads: true, peeks: 1;
    /// Reviews a finished game with the engine, or walks its turning
    /// points.
    Review(ReviewOrder) = w(&["review"], &["analyse", "auswertung"], &["analüüs", "analüüsi"]),
        "help-review", lichess: Refused;
    /// Stops the review under way.
    Stop = w(&["stop"], &["stopp", "halt"], &["stopp", "peata"]), "help-stop";
    /// Both clocks, or one, in words.
    Clock(Option<ClockSide>) = w(&["clock", "c"], &["uhr"], &["kell"]),
        "help-clock", reads: true, replay: Refused;
    /// Stops the clock.
    Pause = w(&["pause"], &["pause", "anhalten"], &["paus"]),
        "help-pause", replay: Refused, lichess: Refused;
    /// Starts the stopped clock again.
    Resume = w(&["resume"], &["weiter", "fortsetzen"], &["jätka"]),
        "help-resume", replay: Refused, lichess: Refused;
    /// Saves the game under a name.
    Save(SaveTo) = w(&["save"], &["speichern"], &["salvesta"]), "help-save";
    /// Loads a saved game or a game of a PGN file.
    Load(LoadFrom) = w(&["load"], &["laden"], &["laadi"]), "help-load", lichess: Refused;
    /// Lists the saved games, or a PGN file's.
    Games(Option<String>) = w(&["games"], &["partien"], &["mängud"]), "help-games", reads: true;
    /// Replay: the next move.
    Next = w(&["next", "n"], &["vor", "nächster"], &["edasi", "järgmine"]),
        "help-next", lichess: Refused;
    /// Replay: takes the shown move back.
    Prev = w(&["prev", "previous"], &["rück"], &["eelmine"]), "help-prev", lichess: Refused;
    /// Replay: the start position.
    Start = w(&["start"], &["anfang"], &["algus", "algusesse"]), "help-start", lichess: Refused;
    /// Replay: the last move and the result.
    End = w(&["end"], &["schluss"], &["lõpp", "lõppu"]), "help-end", lichess: Refused;
    /// Replay: the position after one move.
    Goto(MoveNumber) = w(&["goto"], &["gehe"], &["mine"]), "help-goto", lichess: Refused;
    /// Plays on from the position shown in a replay.
    Play = w(&["play"], &["weiterspielen"], &["mängi"]), "help-play", lichess: Refused;
    // "mein brett Felix drei leer": the second word of the German and
    // Estonian phrases is read past with the argument.
    /// The player's own board: set it, state squares, read it back.
    MyBoard(BoardOrder) = w(&["myboard", "my"], &["meinbrett", "mein"], &["minulaud", "minu"]),
        "help-myboard";
    /// Compares the player's board with the game's.
    Compare = w(&["compare"], &["vergleichen", "vergleiche"], &["võrdle"]),
        "help-compare", reads: true, peeks: 2;
    /// Compares a scoresheet (or two) with the game record.
    Scoresheet(Sheets) = w(
        &["scoresheet", "sheet"],
        &["partieformular", "formular"],
        &["blankett", "partiiblankett"],
    ), "help-scoresheet";
    /// Takes the game back to the last move the records agree on, or to
    /// a move named.
    Restore(Option<MoveNumber>) = w(&["restore"], &["wiederherstellen"], &["taasta"]),
        "help-restore", lichess: Refused;
    /// Blindfold play: board reading costs peeks.
    Blindfold(BlindfoldOrder) = w(&["blindfold"], &["blind"], &["pimesi"]), "help-blindfold";
    /// A drill of blindfold skills, its end, or its statistics.
    Drill(DrillOrder) = w(&["drill"], &["übung", "üben"], &["harjutus", "harjuta"]), "help-drill";
    /// lichess: who is logged in and the games in progress; `login`,
    /// `logout`.
    Online(OnlineOrder) = w(&["online"], &["online"], &["võrgus", "lichess"]), "help-online";
    /// lichess: a real-time seek.
    Seek(Terms) = w(&["seek"], &["suchen", "partiesuche"], &["otsi"]), "help-seek";
    /// lichess: challenges a player or lichess's AI.
    Challenge(ChallengeOrder) = w(&["challenge"], &["herausfordern", "fordern"], &["kutsu"]),
        "help-challenge";
    /// lichess: aborts the game before it properly began, or the seek.
    Abort = w(&["abort"], &["abbrechen"], &["katkesta"]), "help-abort";
    /// lichess: a line in the game's chat.
    Say(String) = w(&["say", "chat"], &["sagen", "schreiben"], &["ütle", "kirjuta"]), "help-say";
    /// lichess: claims the win when the opponent has left.
    Claim(ClaimFor) = w(&["claim"], &["beanspruchen", "reklamieren"], &["nõua"]), "help-claim";
    /// Voice input on or off; alone, switches it.
    Listen(Option<bool>) = w(&["listen"], &["zuhören"], &["kuula"]), "help-listen";
    /// The microphones there are.
    Microphones = w(&["microphones", "mics"], &["mikrofone"], &["mikrofonid"]),
        "help-microphones", reads: true;
    /// What the Braille display shows: the board or the text; alone, switches.
    Display(Option<View>) = w(&["display"], &["anzeige"], &["ekraan"]), "help-display";
}
