# annabella — English user interface.
# Move words of the `fide` style always come from the German file.

## Pieces, squares and colours

piece-king = king
piece-queen = queen
piece-rook = rook
piece-bishop = bishop
piece-knight = knight
piece-pawn = pawn
pieces-king = kings
pieces-queen = queens
pieces-rook = rooks
pieces-bishop = bishops
pieces-knight = knights
pieces-pawn = pawns
letter-king = K
letter-queen = Q
letter-rook = R
letter-bishop = B
letter-knight = N
letter-pawn = P
# FIDE's and NATO's file names are the same in every language.
file-fide-a = Anna
file-fide-b = Bella
file-fide-c = Cesar
file-fide-d = David
file-fide-e = Eva
file-fide-f = Felix
file-fide-g = Gustav
file-fide-h = Hector
rank-1 = one
rank-2 = two
rank-3 = three
rank-4 = four
rank-5 = five
rank-6 = six
rank-7 = seven
rank-8 = eight
file-nato-a = alfa
file-nato-b = bravo
file-nato-c = charlie
file-nato-d = delta
file-nato-e = echo
file-nato-f = foxtrot
file-nato-g = golf
file-nato-h = hotel
square-words = { $file } { $rank }
color-white = White
color-black = Black

## Moves

move-to = { $piece } { $to }
move-takes = { $piece } takes { $to }
move-from-to = { $piece } { $from } to { $to }
move-from-takes = { $piece } { $from } takes { $to }
move-full = { $piece } from { $from } to { $to }
move-full-takes = { $move }, takes { $captured }
move-en-passant = { $move } en passant
move-promotion = { $move }, promotes to { $piece }
move-check = { $move }, check
move-double-check = { $move }, double check
move-mate = { $move }, checkmate
castle-short = short castling
castle-long = long castling
announce-move = { $number }. { $color }: { $move }

## Game end and state

game-over-win = Game over: { $result }, { $winner } wins { $reason }.
game-over-draw = Game over: { $result }, draw { $reason }.
# A record gave the result but not why.
game-over-won = Game over: { $result }, { $winner } won.
game-over-drawn = Game over: { $result }, draw.
# How a result is said aloud; the text keeps 1-0, 0-1 and 1/2-1/2.
result-said-white = one to zero
result-said-black = zero to one
result-said-draw = half a point each
reason-checkmate = by checkmate
reason-resignation = by resignation
reason-time-forfeit = by time forfeit
reason-stalemate = by stalemate
reason-dead-position = by dead position
reason-agreement = by agreement
reason-threefold = by threefold repetition
reason-fifty-move = by fifty-move rule
reason-fivefold = by fivefold repetition
reason-seventy-five-move = by seventy-five-move rule
reason-timeout-insufficient = by timeout vs insufficient material
status-running = { $color } to move, move { $number }.
status-check = Check.
prompt-turn = { $color } to move>
prompt-over = Game over>
greeting-start = annabella, chess for blind and visually impaired players. Type help for the commands.
new-game = New game.
new-game-960 = New Chess960 game, start position { $number }. White from a to h: { $pieces }; Black mirrors it.

## Refusals

refuse-game-over = The game is over. Type new for a new game, or undo.
refuse-not-a-move = That names no move. Type help for how to enter moves.
refuse-not-your-turn = Only { $other }'s { $name } could play that; it is { $color }'s move.
refuse-no-piece-on = You have no piece on { $square }.
refuse-wrong-piece-on = On { $square } stands a { $foundname }, not a { $expectedname }.
refuse-no-such-piece = You have no { $name }{ $where }.
where-file = {" "}on the { $file } file
where-rank = {" "}on rank { $rank }
where-square = {" "}on { $square }
refuse-own-piece = Your own { $name } stands on { $square }.
refuse-king-in-check = Your king would be in check from the { $name } on { $square }.
refuse-cannot-reach = No { $name } can reach { $to }.
refuse-cannot-reach-from = The { $name } on { $from } cannot reach { $to }.
refuse-cannot-reach-any = None of your pieces can reach { $to }.
refuse-nothing-to-capture = There is nothing to capture on { $square }.
refuse-no-promotion = That move is not a promotion; only a pawn reaching the last rank is promoted.
refuse-castling-king-moved = { $castling } is no longer allowed: your king has moved.
refuse-castling-rook-moved = { $castling } is no longer allowed: that rook has moved or was captured.
refuse-castling-no-right = { $castling } is not allowed in this position.
refuse-castling-in-check = { $castling } is not possible now: your king is in check.
refuse-castling-occupied = { $castling } is not possible now: { $square } is occupied.
refuse-castling-attacked = { $castling } is not possible now: { $square } is attacked.
refuse-no-castling = No castling is possible now: short castling because { $short }, long castling because { $long }.
refuse-no-castling-both = No castling is possible now: { $why }.
castling-why-king-moved = your king has moved
castling-why-rook-moved = its rook has moved or was captured
castling-why-no-right = the position does not allow it
castling-why-in-check = your king is in check
castling-why-occupied = { $square } is occupied
castling-why-attacked = { $square } is attacked
input-understood = Understood: { $words }.
not-understood = Not understood: { $input }. Type help for the commands.
not-understood-suggest = Not understood: { $input }. Did you mean { $suggestion }?
piece-alone = Where should the { $name } go? Type it with the square, for example { $name } { $square }.
piece-alone-stuck = Where should the { $name } go? { $count ->
    [one] It cannot move now.
   *[other] None of yours can move now.
  }

## Questions

ask-which = Which { $name }: { $choices }?
ask-which-any = Which piece: { $choices }?
ask-which-piece = { $name } on { $square }
ask-castling = Short or long castling?
ask-promotion = Promote on { $square } to which piece: queen, rook, bishop or knight?
answer-not-fitting = That does not answer the question.
answer-not-understood = Not understood: { $input }.
list-or = { $first } or { $last }

## Answers to commands

square-empty = { $square }: empty.
square-piece = { $square }: { $piece }.
last-none = No move yet.
history-both = { $number }. White: { $white }; Black: { $black }
history-white = { $number }. White: { $white }
history-black = { $number }. Black: { $black }
undo-done = Taken back: { $move }.
undo-reopened = The game is open again.
nothing-to-undo = There is no move to take back.
draw-offered = { $color } offers a draw. Answer with accept or decline.
draw-declined = The draw offer of { $color } is declined.
draw-declined-engine = You offer a draw; the engine declines, and the game goes on.
no-draw-offer = There is no draw offer to answer.
claim-refused = Draw claim refused: this position has occurred { $count ->
    [one] once
   *[other] { $count } times
  }, and { $moves } moves were played without capture or pawn move. The game goes on.
claim-move-stays = The move stays played.
board-side = { $color }: { $pieces }
setting-changed = { $key } is now { $value }.
setting-line = { $key }: { $value }
unknown-setting = There is no setting { $key }. Settings: { $keys }.
bad-value = { $key } cannot be { $value }. Choose { $allowed }.
set-usage = Use set KEY VALUE, for example: set style san.
chess960-number = Chess960 start positions are numbered 0 to 959, or random; { $value } is none of them.
# The command line's errors (said on standard error, in --lang's language).
flag-bad-time = { $flag }: { $why }
flag-not-a-number = { $flag } takes a whole number, not { $value }.
flag-unknown = There is no flag { $flag }.
flag-unknown-suggest = There is no flag { $flag }; did you mean { $suggestion }?
flag-stray = { $word } is not a flag; flags begin with two dashes, such as --lang.
flag-missing-value = { $flag } needs a value after it.
flag-missing-argument = { $what } is missing.
flag-conflict = { $flag } and { $other } cannot be used together.
flag-not-fen = { $value } is not a FEN; give one such as rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1.
flag-illegal-position = { $value } is not a legal position: check the kings, pawns on the first or last rank, and the castling rights.
flag-engine-option = --engine-option { $value } needs a name and a value, such as --engine-option Hash=64.
flag-other = annabella cannot start with these flags: { $args }.
flag-help = annabella --help lists every flag.
unknown-help = There is no command { $topic }. Type help for the list.
missing-square = { $command } needs a square.
missing-rank = { $command } needs a rank.
missing-file = { $command } needs a file.
missing-piece = { $command } needs a kind of piece.
missing-argument = { $command } needs more.
missing-value = { $key } needs a value: { $allowed }.
out-of-range = { $command } takes a number from { $min } to { $max }, not { $value }.
missing-drill = { $command } needs a kind of drill.
missing-challenge = { $command } needs a lichess user or ai, and a clock.
missing-seek = { $command } needs a clock.
missing-say = { $command } needs a text.
missing-load = { $command } needs the name of a saved game or a PGN file.
missing-brf = { $command } needs a file name, such as brf game.brf.
missing-fen = myboard fen needs a FEN after it. For example: myboard fen 4k3/8/8/8/8/8/8/4K3
missing-peeks = blindfold on peeks needs the number of peeks allowed, from { $min } to { $max }: blindfold on peeks 20.
missing-ai-level = challenge ai needs a level from 1 to 8, then a clock: challenge ai 3 5+3.
missing-challenge-clock = challenge needs a clock too, minutes+seconds: challenge Anna 10+5, or challenge ai 3 5+3.
bad-argument = Unexpected { $argument }.
quit-goodbye = Goodbye.

## Board reading

piece-colored = { $color ->
    [white] white
   *[black] black
  } { $name }
line-rank = Rank { $rank }
line-file = File { $file }
line-diagonal = Diagonal { $from } to { $to }
line-cells = { $line }: { $cells }.
cell-piece = { $square } { $piece }
cell-empty = { $square } empty
cell-empty-run = { $from } to { $to } empty
where-found = { $color ->
    [white] White
   *[black] Black
  } { $name }: { $squares }.
where-none = No { $color ->
    [white] white
   *[black] black
  } { $name }.
list-none = none
attackers-occupied = { $square }, { $piece }. Attacked by: { $attackers }. Defended by: { $defenders }.
attackers-empty = { $square }, empty. White: { $white }. Black: { $black }.
moves-all = { $count ->
    [one] One legal move
   *[other] { $count } legal moves
  }: { $moves }.
moves-all-none = { $side ->
    [white] White has
   *[black] Black has
  } no legal move.
moves-not-on-move = { $square }, { $piece }: { $color } is not to move.
count-pieces = { $count } { $count ->
    [one] { $name }
   *[other] { $names }
  }
moves-none = { $square }, { $piece }: no legal move.
moves-piece = { $square }, { $piece }, { $count ->
    [one] one move
   *[other] { $count } moves
  }: { $moves }.
material-level = Material is level, { $units } pawn units each.
material-ahead = { $color } is { $units ->
    [one] one pawn unit
   *[other] { $units } pawn units
  } ahead.
material-extra = { $color } has more: { $pieces }.

## Help

help-intro = Commands: { $commands }. Type help and a command for more.
help-move-input = Moves: type them in algebraic notation with English or German letters (Nf3, Sf3, exd5, O-O, e8=Q), as coordinates (g1-f3, e2-e4), or as words (Springer Felix drei).
help-help = help, or help and a command: explains the commands.
help-quit = quit or exit: ends annabella.
help-new = new: a new game; new white, new black or new random: with that side for you against the engine. new 960: a Chess960 game from a random start position; new 960 and a number from 0 to 959: that start position. new time 5+3: with that time control (any control set time takes).
help-board = board or b: the whole board, in the board style of the setting boardstyle (list, ranks or squares).
help-status = status or s: whose move it is and the move number, or the result.
help-fen = fen: the position in Forsyth-Edwards notation.
help-pgn = pgn: the game record in PGN.
help-brf = brf FILE: writes the game as a Braille scoresheet (a BRF file for an embosser or a notetaker): players, event, date and result, then one move pair per line, with the clock times when the game had a clock. Lines are width cells long (40 when width is 0), 25 lines a page; the table is set with brailletable. A file that is there is asked about at a terminal, and replaced from a script only with brf FILE replace.
help-last = last or l: the last move again.
help-history = history: all moves, one line per move number.
help-undo = undo: takes back the last move; against the engine, its reply and your move.
help-resign = resign: the side to move resigns; against the engine, you resign.
help-draw = draw: claims a draw by threefold repetition or the fifty-move rule, or else offers a draw. draw and a move: plays the move and claims the draw it brings.
help-accept = accept: accepts a draw offer.
help-decline = decline: declines a draw offer.
help-set = set KEY VALUE: changes a setting; settings lists them with their values. The keys and values, in English, German or Estonian:
help-settings = settings: lists every setting.
help-square = square and a square, or a square with a question mark (e4?): what stands there.
help-rank = rank and a number or rank word (rank 4): what stands on that rank.
help-file = file and a letter or file name (file e, file Eva): what stands on that file.
help-diagonal = diagonal and a square (diagonal c1): what stands on the diagonals through it.
help-pieces = pieces or p, optionally white or black: the pieces of both sides or of one.
help-where = where and a piece, optionally with a colour (where knight, where black queen): where those pieces stand.
help-attackers = attackers and a square (attackers e4): which pieces of each side attack it, and for an occupied square which defend it.
help-moves = moves: all legal moves with their number; moves and a square (moves g1): the legal moves of that piece.
help-material = material: the balance in pawn units and the pieces that make it up.
help-repeat = repeat or r: says the last answer again.
control-keys = Only control keys arrived, such as an arrow key. Type a move or a command; help lists the commands.
nothing-to-repeat = Nothing has been said yet.

## Speech and sound

notice-speech-unavailable = No speech service answered; annabella continues without speech.
notice-speech-lost = Speech stopped working; annabella continues without speech.
notice-sound-unavailable = No sound device; annabella continues without sound cues.

## Opponents

engine-failed = { $reason ->
    [notstarted] The engine { $named } could not be started: { $why }
    [refused] The engine stopped working when given the option { $named }
    [starttimeout] The engine did not answer when it was started
    [crashed] The engine stopped working
    [hung] The engine sent no move in time
    [illegal] The engine sent an illegal move, { $move }
   *[garbled] The engine sent something that is not a move
  }; the built-in engine takes over.
engine-unknown-option = The engine has no option { $option }; it plays without it.
engine-thinking = The engine is thinking; meanwhile you can look at the board, for example with board or status.
hint-move = Hint: { $move }.
hint-engine-turn = The engine is to move; hint helps once it is your turn.
eval-equal = The position is equal.
eval-slight = { $color } is slightly better.
eval-clear = { $color } is clearly better.
eval-winning = { $color } is winning.
eval-mate = { $color } mates in { $moves ->
    [one] one move
   *[other] { $moves } moves
  }.
eval-detail = { $centipawns } centipawns for White; main line: { $line }.
eval-line = Main line: { $line }.
opponent-human = Opponent: a person at this keyboard; both sides are typed here.
opponent-engine = Opponent: the built-in engine at level { $level }, about { $elo } Elo. You play { $color }.
opponent-external = Opponent: an external engine, with the built-in engine at level { $level } standing by. You play { $color }.
help-hint = hint: the move the engine would play now.
help-eval = eval: how the position stands; with verbosity full also in centipawns, with the main line.

## Settings

setting-help = { $key }: { $allowed }. { $about }
allowed-range = a number from { $min } to { $max }
allowed-range-or-zero = 0, or a number from { $min } to { $max }
allowed-voice = auto, a language such as de or en-gb, or a voice name in one word
setting-style = How moves are announced: fide says Springer Felix drei in every language, local knight f 3, nato knight foxtrot 3, san Nf3.
setting-verbosity = How much an announcement says: short the move, normal also its number and colour, full also the origin square, the piece taken and the check.
setting-boardstyle = How board shows the board: list by colour and kind, ranks one line per rank, squares every occupied square.
setting-lang = The language of the interface.
setting-autoqueen = Promote to a queen without asking.
setting-width = Wrap answers at this many characters, such as 40 for a Braille display; 0 for no wrapping.
setting-brailletable = The liblouis table the Braille scoresheet (brf FILE) is written with; auto takes the language's: en-ueb-g1.ctb, de-g0-detailed.utb, et-g0.utb.
setting-orientation = The side the board is read from; player is your side, White in hot seat.
setting-speech = Speech output; screenreader prints only, for your screen reader to speak.
setting-rate = The speech rate; 50 is the voice's normal rate.
setting-speechvolume = The speech volume.
setting-voice = The speech voice.
setting-sound = Short sound cues for moves, captures, check, castling, refused input and the end of the game.
setting-volume = The volume of the sound cues.
setting-opponent = Who plays the other side: a person at this keyboard, or the engine.
setting-level = The level of the built-in engine, from about 650 to about 2020 Elo.
setting-color = The side you play against the engine.

## The clock
help-clock = clock or c: both times in words, your own first (in hot seat White's first); clock white, clock black, clock mine or clock opponent: one side. With several periods, also the moves to the next time control.
help-pause = pause: stops the clock in a casual game; moves can still be made, without time running. resume starts it again.
help-resume = resume: the paused clock runs again.
setting-time = The time control of the games: 5+3 is 5 minutes with 3 seconds added after each move, 0.5+0 is 30 seconds; 90 d 5 has a 5 second delay, 90 b 5 a Bronstein delay; 40/90, 30+30 is 90 minutes for 40 moves, then 30 minutes, 30 seconds added from move 1; off plays without a clock.
setting-timealerts = When your own clock is said aloud, in seconds left, for example 300 60 30 10; off: only when you ask with clock.
allowed-time = a time control such as 5+3, 0.5+0, 90 d 5, 90 b 5 or 40/90, 30+30, or off
allowed-seconds = seconds left such as 300 60 30 10, or off
time-hours = { $count ->
    [one] { $count } hour
   *[other] { $count } hours
}
time-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}
time-seconds = { $count ->
    [one] { $count } second
   *[other] { $count } seconds
}
time-seconds-decimal = { $seconds } seconds
decimal-separator = .
clock-you-name = you
clock-opponent-name = opponent
clock-side = { $who }: { $time }
clock-report = { $sides }.
clock-moves-to-control = { $count ->
    [one] 1 move to the time control.
   *[other] { $count } moves to the time control.
}
clock-is-paused = The clock is paused.
clock-alarm = { $time } left.
clock-alarm-side = { $who }: { $time } left.
clock-paused = Clock paused. Type resume to start it again.
clock-resumed = The clock runs again.
clock-next-game = The new time control starts with the next game; type new to start one.
clock-untimed = This game has no clock. Choose one with set time 5+3, or new time 5+3.
clock-already-paused = The clock is already paused; resume starts it again.
clock-not-paused = The clock is not paused; pause stops it.
bad-time-control = Not a time control: { $problem } Examples: 5+3 (5 minutes, 3 seconds added per move), 0.5+0 (30 seconds), 90 d 5 (5 second delay), 90 b 5 (Bronstein delay), 40/90, 30+30 (40 moves in 90 minutes, then 30 minutes).
control-empty = no time was given.
control-not-a-number = { $part } is not a number.
control-negative = { $part } is below zero; a time control's minutes, seconds and moves must not be negative.
control-form = { $part } is not minutes plus seconds, minutes d seconds, minutes b seconds or moves/minutes.
control-no-time = { $part } gives no time.
control-too-large = { $part } is too large: at most 600 minutes per period, 300 seconds per move and 200 moves.
control-two-bonuses = { $part } adds a second, different bonus; one bonus counts for the whole game.
control-after-sudden-death = { $part } comes after a period that lasts to the end of the game.

## Records
help-save = save [name]: keeps the game under a name (letters, digits, - and _, at most 40 characters); without one a name is chosen. The game in progress is kept anyway after every move. A game saved under the name is asked about at a terminal, and replaced from a script only with save NAME replace.
help-load = load NAME: goes on with a saved game; load FILE.pgn [N]: game N (the first by default) of a PGN file, to replay with next and prev.
help-games = games: the saved games, one line each; games FILE.pgn: the games of a PGN file.
record-offer = An unfinished game: { $who }, move { $number }, { $color } to move.
record-offer-question = Go on with it? Answer yes or no.
prompt-offer = yes or no>
record-who-builtin = you play { $color } against the built-in engine at level { $level }
record-who-external = you play { $color } against the external engine
record-who-human = two players at this keyboard
record-last = Last moves: { $moves }.
record-resumed = The unfinished game goes on.
record-not-resumed = A new game. The unfinished one stays saved; games lists it.
record-kept-for-later = The game is kept for next time.
record-not-replaced = Not replaced: { $path } stays as it was.
record-offer-stands = Answer yes to go on with the unfinished game, or no for a new one.
record-saved = Saved as { $name }.
record-kept-aside = The game before is saved as { $name }; load { $name } brings it back.
record-loaded = Loaded { $name }.
record-games-none = No saved games yet.
record-game-line = { $name }: { $players }, { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}, { $result }, { $date }.
record-unfinished = unfinished
record-players = { $white } against { $black }
record-players-unknown = unknown players
record-player-unknown = unknown
record-written = Written to { $path }.
record-added = Added to { $path } as game { $number }.
record-missing = { $path } does not exist.
record-taken = A game is saved as { $path } already, and save never writes over it unasked: type save { $path } replace to replace it, or choose another name.
record-unreadable = { $path } cannot be read or written: { $why }.
record-unkept = The game cannot be kept: { $path } cannot be written: { $why }. Play goes on, but nothing is kept until this is fixed; it is tried again with every move.
record-still-unkept = Not kept.
record-kept-again = The game is kept again: it is written whole.
record-quit-unkept = The game is not kept: { $why }. pgn and a file elsewhere (a USB stick, another folder) writes it; load FILE.pgn brings it back. quit again ends without it.
io-reason = { $reason ->
    [not-found] it does not exist
    [folder] it is a folder
    [not-folder] a file stands where a folder should be
    [permission] you have no permission there
    [disk-full] the disk is full
    [read-only] the disk is read-only
   *[other] the system refused
}
record-bad-name = { $path } cannot be a name: use letters, digits, - and _.
record-name-too-long = { $path } is too long for a name: at most { $max } characters.
record-name-reserved = { $path } is a name the system keeps for itself (a device on Windows): choose another.
record-folder = { $path } is a folder, not a file.
record-not-pgn = { $path } holds no PGN text.
record-not-pgn-left = { $path } holds something other than PGN; the game was not written into it.
brf-written = Braille scoresheet written to { $path }: { $pages ->
    [one] 1 page
   *[other] { $pages } pages
}.
brf-exists = { $path } is there already, and brf never writes over a file unasked: type brf { $path } replace to replace it, or give a new file name.
brf-not-built = This build has no Braille, so no Braille scoresheet; build annabella with the feature braille for it.
brf-no-table = liblouis has no Braille table { $table }; set brailletable auto, or the name of a table in /usr/share/liblouis/tables, such as en-ueb-g1.ctb.
brf-unusable = liblouis cannot translate with the Braille table { $table }; set brailletable auto, or another table, such as en-ueb-g1.ctb.
brf-eight-dot = The Braille table { $table } writes eight-dot cells, which a BRF file cannot hold; set brailletable auto, or a six-dot table such as en-ueb-g1.ctb.
brf-players = { $white } - { $black }
brf-event = Event: { $event }
brf-date = Date: { $date }
brf-result = Result: { $result }
brf-time = ({ $minutes }:{ $seconds })
brf-time-hours = ({ $hours }:{ $minutes }:{ $seconds })
record-broken = { $path } is broken and was left as it is.
record-broken-aside = { $path } is broken; it was moved aside to { $aside }.
record-unrestorable = { $name } cannot be set up again: its moves do not fit its position.
record-kept-unrestorable = The game kept from the last run cannot be set up again: its moves do not fit its position. Its file was moved aside to { $aside }.
record-kept-unrestorable-left = The game kept from the last run cannot be set up again: its moves do not fit its position. Its file was left as it is.
setting-name = Your name, written into the PGN of your games (in hot seat for both sides); ? when unknown.
allowed-name = a name of up to 60 characters, or ?
## Replay
help-next = next or n: in a replay, the next move, said as it was played, and at the end the result. On a finished game the replay starts at its end; a loaded game is shown from its start.
help-prev = prev: in a replay, takes the move shown back and says which; undo does the same while replaying.
help-start = start: in a replay, the start position.
help-end = end: in a replay, the last move and the result.
help-goto = goto and a move number (goto 12): in a replay, the position after White's move 12; goto 12 black: after Black's.
help-play = play: the position shown in a replay goes on as a new game against your current opponent, its moves so far kept, on a fresh clock.
replay-start = Start of the game.
replay-end = That was the last move. { $result }
replay-end-open = That was the last move; the game was not finished.
replay-continued = The game goes on from here as a new game.
replay-place = Replay: { $shown } of { $total } { $total ->
    [one] half-move
   *[other] half-moves
  } shown. play goes on from here.
replay-place-ended = Replay: { $shown } of { $total } { $total ->
    [one] half-move
   *[other] half-moves
  } shown; the game ended here. Type new for a new game, or undo.
replay-refused = This is a replay; nothing is played here. Type play to go on from the position shown.
replay-none = Replay is for a finished or loaded game; this game is still running.
replay-no-moves = This game has no moves.
replay-no-move = There is no move { $number } in this game. Its moves run from { $first } to { $last }, the last by { $color }.
replay-no-move-side = { $side } has no move { $number } in this game. Its moves run from { $first } to { $last }, the last by { $color }.
missing-move-number = { $command } needs a move number.
record-nothing-to-resume = There is no unfinished game to go on with; a new game starts.
record-data-dir-in-use = annabella is already running with the folder { $dir }: this run plays without keeping anything (no game, setting or drill score). To keep what it plays, start it with --data-dir and another folder.
# The first word of the name of a game kept without one (letters only).
kept-name-unfinished = unfinished
kept-name-finished = game
record-torn-journal = The last change before the program stopped was only half written and is dropped; every answered move is kept.
record-unknown-setting = In { $path }, { $key } is not a setting; it is kept in the file.
record-bad-setting = In { $path }, { $key } cannot be { $value }; this run uses the default.
record-settings-file = Settings file: { $path }.
record-pgn-none = The file has no games.
record-pgn-game = { $number }. { $players }, { $result }, { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}.
record-no-such-game = The file has { $count } games; there is no game { $number }.
record-pgn-loaded = Game { $number } loaded: { $players }. next goes through it move by move, play goes on from where it is shown.
record-import-stopped = Game { $game } stops at move { $number } of { $color }: { $why } It is loaded up to there.
import-illegal = { $text } is not a legal move there.
import-ambiguous = { $text } fits more than one move.
import-unreadable = { $text } cannot be read as a move.
import-after-end = { $text } comes after the game had ended.
import-bad-fen = the start position { $text } cannot be read.
import-unknown-variant = the variant { $text } is neither chess nor Chess960.
import-null = { $text } is a null move, a pass that the rules don't allow.
record-import-null = Game { $game }: move { $number } of { $color } is a null move ({ $text }), a pass that the rules don't allow; the game is loaded up to move { $last } of { $lastcolor }.
record-import-null-start = Game { $game }: move { $number } of { $color } is a null move ({ $text }), a pass that the rules don't allow; only the start position is loaded.

## The player's own board, confirm mode and scoresheets (issue 13)

setting-confirm = Repeat moves before play goes on: off; on: you repeat the opponent's move; own: also confirm your own move before it is played.
setting-confirmbelow = No repeating or confirming once your clock has fewer seconds left than this; 0: always.
setting-dualcheck = Compare your own board after every move of the opponent and say only what differs.
ask-repeat = Repeat the move.
ask-confirm-own = Play { $move }? Yes or no.
ask-sheet = Next move of the scoresheet; an empty line or end to finish.
ask-replace-file = { $path } is there already. Replace it? Answer yes or no.
ask-replace-game = A game is saved as { $path } already. Replace it? Answer yes or no.
ask-restore = Take back { $count } { $count ->
    [one] half-move
   *[other] half-moves
  }, to after move { $number }, { $color }? Yes or no.
ask-restore-start = Take back { $count } { $count ->
    [one] half-move
   *[other] half-moves
  }, to the start? Yes or no.
confirm-right = Right.
confirm-wrong = No: { $move }.
confirm-first = First repeat the opponent's move: { $move }.
confirm-owed = Still to repeat: { $move }.
confirm-own-dropped = Move not played.
help-myboard = myboard: your own board beside the game's. myboard alone reads it back; myboard start, myboard empty (an empty board), myboard clear (nothing stated), myboard game (as the game stands), myboard fen FEN; then state pieces by side, in one line or several: myboard white: king g1, rooks a1 and f1, pawns a2 b2; black: king g8. One square: myboard e4 white pawn, myboard f3 empty. Only the squares you state count; rest empty says the others are empty.
help-compare = compare: every difference between your board and the game's on the squares you stated, first explained by moves where it can be (a move not made, made to another square or with another piece, a capture whose piece is still there).
help-scoresheet = scoresheet FILE: compares your scoresheet (PGN, or one move per line, or numbered pairs, in any move form) with the game and names the first difference; scoresheet FILE1 FILE2: both players' sheets with each other and the game; scoresheet alone: dictate the moves, one per line, an empty line or end to finish.
help-restore = restore: takes the game back to the last move on which the scoresheets compared last agree, the clocks to their times then; restore 12 or restore 12 black: to after that move. It first asks, with how many half-moves it takes back.
dual-board-set = Your board is set.
dual-bad-fen = Not a FEN: { $text }. For example: myboard fen 4k3/8/8/8/8/8/8/4K3
dual-stated = { $count ->
    [one] One square noted.
   *[other] { $count } squares noted.
  }
dual-rest-empty = The rest of your board is empty.
dual-problem-word = Not understood: { $text }.
dual-problem-color = No side for { $text }: say white or black first.
dual-problem-square = No square for { $text }.
dual-problem-piece = No piece for { $text }: name the piece, or say empty.
dual-counts = { $unstated ->
    [0] Empty: { $empty } squares.
   *[other] Empty: { $empty } squares; not stated: { $unstated } squares.
  }
dual-nothing-stated = Your board has no square stated yet: set it with myboard start, or state squares with myboard.
dual-agree = The boards agree.
dual-not-made = { $count ->
    [one] Your board is missing the move { $moves }.
   *[other] Your board is missing the moves { $moves }.
  }
dual-wrong-move = On your board { $made } was played instead of { $played }.
dual-capture-left = After { $capture } the captured piece was not removed from your board: { $square }, { $piece }.
dual-extra-move = Your board has a move the game does not have: { $made }.
dual-diff-missing = { $square }: a { $piece } belongs there, your board has nothing.
dual-diff-extra = { $square }: nothing belongs there, your board has a { $piece }.
dual-diff-wrong = { $square }: a { $piece } belongs there, your board has a { $yours }.
sheet-noted = Noted: { $moves }.
sheet-noted-black = { $color }: { $move }
sheet-not-noted-unreadable = Line not noted: move { $number }, { $color }: { $text } is no move.
sheet-not-noted-illegal = Line not noted: move { $number }, { $color }: { $text } is not legal there.
sheet-not-noted-ambiguous = Line not noted: move { $number }, { $color }: { $text } fits more than one move.
sheet-not-noted-null = Line not noted: move { $number }, { $color }: { $text } is a null move, a pass that the rules don't allow.
sheet-read = { $sheets ->
    [1] Scoresheet: { $count } { $count ->
        [one] half-move
       *[other] half-moves
      } read.
   *[other] Scoresheet { $sheet }: { $count } { $count ->
        [one] half-move
       *[other] half-moves
      } read.
  }
sheet-stop-unreadable = It stops at move { $number }, { $color }: { $text } is no move.
sheet-stop-illegal = It stops at move { $number }, { $color }: { $text } is not legal there.
sheet-stop-ambiguous = It stops at move { $number }, { $color }: { $text } fits more than one move.
sheet-stop-null = It stops at move { $number }, { $color }: { $text } is a null move, a pass that the rules don't allow.
sheet-agree = The records agree: { $count } { $count ->
    [one] half-move
   *[other] half-moves
  }.
sheet-behind = { $sheets ->
    [1] Your scoresheet
   *[other] Scoresheet { $sheet }
  } is { $count } { $count ->
    [one] half-move
   *[other] half-moves
  } behind the game; as far as it goes, it agrees.
sheet-first-difference = First difference: move { $number }, { $color }.
sheet-game-has = The game: { $move }.
sheet-sheet-has = { $sheets ->
    [1] Your scoresheet: { $move }.
   *[other] Scoresheet { $sheet }: { $move }.
  }
sheet-no-move = no move
sheet-restore-hint = The records agree for { $count } { $count ->
    [one] half-move
   *[other] half-moves
  }; restore takes the game back to there.
sheet-too-many = At most two scoresheets: scoresheet FILE, or scoresheet FILE1 FILE2.
restore-no-sheet = Nothing to restore to yet: compare a scoresheet first, or name the move, such as restore 12 black.
restore-no-such-move = The game has no move { $number } of { $color }.
restore-nothing = The records agree to the last move: nothing to take back.
restore-kept = Nothing taken back.
restore-done = The game is back after move { $number }, { $color }.
restore-done-clocks = The game is back after move { $number }, { $color }; the clocks too.
restore-start = The game is back at its start.
restore-start-clocks = The game is back at its start; the clocks too.

## Blindfold play, questions and drills (issue 14)

help-blindfold = blindfold on, or blindfold on peeks 20: blindfold play; board reading costs peeks by how much it shows: 1 for square, e4? and last; 2 for rank, file, diagonal, where, attackers, moves, material, hint and compare; 4 for board, pieces and fen. eval costs 1. Free: status, clock, history, pgn. With a number, reading stops when the peeks are used up. blindfold off ends it; blindfold alone says the count.
blindfold-on = Blindfold: board reading costs peeks now; they are counted.
blindfold-on-budget = Blindfold: board reading costs peeks now; { $budget } peeks allowed.
blindfold-off = Blindfold off. Peeks used: { $used }.
peek-used = Peeks used: { $used }.
peek-used-budget = Peeks used: { $used } of { $budget }.
peek-none-left = Not enough peeks left: this costs { $cost }, { $used } of { $budget } are used.
score-peeks = Peeks used in this game: { $used }.
score-quiz = Questions: { $right } of { $asked } right.
help-drill = drill and a kind: colors, diagonal, knight, reach, memory or follow, optionally with a number of questions (drill knight 5; 10 by default); answer in any form: words, letters, digits. drill stop ends it; drill stats says how you did so far.
setting-quizevery = Every this many moves of the opponent a question about the position (0: none); the score is said at the end of the game.
drill-none = No drill is running. Start one with drill colors, or drill knight 5.
drill-unknown = There is no drill { $word }. Drills: colors, diagonal, knight, reach, memory, follow.
drill-remember = Remember this position.
drill-from-position = Follow the moves from this position.
drill-from-start = Follow the moves from the start position.
drill-asked = Question { $number }: { $question }
drill-right = Right.
drill-wrong = Wrong: { $answer }.
drill-unreadable = That is no answer. { $question }
drill-done = { $right } of { $total } right, { $seconds } seconds on average.
drill-best = Best so far: { $right } of { $total }.
drill-stopped = Drill stopped: { $right } of { $total } right, { $seconds } seconds on average.
drill-stats-none = No drill played yet.
drill-stats-line = { $drill }: { $right } of { $asked } right, { $seconds } seconds on average{ $finished ->
    [0] {""}
   *[other] , best { $best } of { $of }
  }{ $anymissed ->
    [0] .
   *[other] ; missed most: { $missed }.
  }
drill-name-colors = Colors
drill-name-diagonal = Diagonal
drill-name-knight = Knight
drill-name-reach = Reach
drill-name-memory = Memory
drill-name-follow = Follow
q-square-color = Is { $square } light or dark?
q-same-diagonal = Are { $a } and { $b } on one diagonal?
q-knight = How many knight moves from { $from } to { $to }?
q-reach-count = How many squares does a { $piece } on { $square } reach on an empty board?
q-reach-squares = Which squares does a { $piece } on { $square } reach on an empty board?
q-piece-on = What stands on { $square }?
q-where = { $role ->
    [king] Where is the { $side ->
        [white] white
       *[black] black
      } { $name }?
    [queen] Where is the { $side ->
        [white] white
       *[black] black
      } { $name }?
   *[other] Where are the { $side ->
        [white] white
       *[black] black
      } { $names }?
  }
q-attacked = Which { $side ->
    [white] white
   *[black] black
  } pieces attack { $square }? Name their squares.
q-move-count = How many legal moves does the piece on { $square } have?
q-captures = Which { $side ->
    [white] white
   *[black] black
  } pieces can capture? Name their squares.
a-light = light
a-dark = dark
a-yes = yes
a-no = no
a-nothing = nothing
a-none = none
prompt-repeat = repeat the move>
prompt-answer = answer>
prompt-sheet = scoresheet>
drill-stats-kind = Hardest questions: { $kind }.
kind-square-color = light or dark
kind-same-diagonal = same diagonal
kind-knight-distance = knight moves
kind-reach-count = how many squares
kind-reach-squares = which squares
kind-piece-on = what stands on a square
kind-where-is = where pieces stand
kind-attacked = attackers
kind-move-count = legal moves
kind-captures = captures
dual-board-cleared = Your board is cleared: no square is stated now.

## Online play (lichess)

reason-abandoned = by abandonment
allowed-url = a web address beginning with https:// (http:// only for this computer)
allowed-brailletable = auto, or the file name of a liblouis table such as en-ueb-g2.ctb (several joined by commas)
help-online = online says who is logged in to lichess and the games in progress; online login asks for your lichess API token (created on lichess with the scopes board:play, challenge:read and challenge:write) and keeps it readable only by you; online logout deletes it.
help-seek = seek and a clock, minutes+seconds, optionally rated and a side: seek 15+10 rated black. lichess pairs you with a player; a seek must be rapid or classical (10+0 and up).
help-challenge = challenge and a lichess user and a clock, optionally rated and a side: challenge Anna 10+5; or challenge ai and a level 1 to 8: challenge ai 3 5+3.
help-abort = abort stops a seek, or aborts the game on lichess before both players have moved.
help-say = say and a text writes it in the chat of the game on lichess.
help-claim = claim claims the win when your opponent on lichess has left the game; claim draw claims a draw.
setting-chat = Say the chat lines of a game on lichess.
setting-lichessurl = The lichess server; the token is sent only over HTTPS.
online-logged-in = Logged in to lichess as { $name }.
online-account = Logged in to lichess as { $name }. { $count ->
    [0] No game in progress.
    [one] One game in progress:
   *[other] { $count } games in progress:
}
online-game-line = Against { $opponent }, you play { $color ->
    [white] white
    [black] black
   *[random] either side
}, { $turn ->
    [yes] your move
   *[no] your opponent's move
}{ $here ->
    [yes] , played here.
   *[no] .
}
online-game-waiting = A game on lichess is in progress: against { $opponent }, you play { $color ->
    [white] white
    [black] black
   *[random] either side
}, { $turn ->
    [yes] your move
   *[no] your opponent's move
}. Play it here? Answer yes or no.
online-ai = lichess AI level { $level }
online-player-rated = { $name } ({ $rating })
online-not-logged-in = Not logged in to lichess. Type online login and paste your API token, or set LICHESS_TOKEN.
online-token-wanted = Paste your lichess API token and press Enter; it is not shown.
online-token-saved = The token is kept, readable only by you.
online-not-a-token = That is not a token: a lichess token is one word without spaces. Nothing was kept.
online-token-not-saved = The token could not be kept: { $why }.
online-logged-out = { $existed ->
    [yes] Logged out: the token file is deleted.
   *[no] There was no token file.
}
online-logged-out-env = The token in LICHESS_TOKEN is still used; remove it from the environment to log out.
online-logout-failed = The token file could not be deleted: { $why }.
online-control-seek = { $control } is { $pace ->
    [ultrabullet] ultrabullet
    [bullet] bullet
    [blitz] blitz
    [rapid] rapid
   *[classical] classical
}; a seek on lichess must be rapid or classical, that is minutes plus 40 times the increment make at least 8 minutes. Try 10+0, 10+5 or 15+10.
online-control-challenge = { $control } is { $pace ->
    [ultrabullet] ultrabullet
    [bullet] bullet
   *[other] too fast
}; a game on lichess through this client must be at least blitz, that is minutes plus 40 times the increment make at least 3 minutes. Try 3+2 or 5+3.
online-seeking = Seeking a { $control } { $rated ->
    [yes] rated
   *[no] casual
} game on lichess. Type abort to stop.
online-seek-ended = The seek ended without an opponent.
online-seek-cancelled = The seek is cancelled.
online-challenge-sent = Challenge sent to { $user }, { $control }. Waiting for the answer.
online-challenge-ai = Challenge sent to lichess AI level { $level }, { $control }.
online-days = { $days ->
    [one] one day per move
   *[other] { $days } days per move
}
online-no-clock = no clock
online-challenged = { $from } challenges you: { $control }, { $rated ->
    [yes] rated
   *[no] casual
}, you play { $color ->
    [white] white
    [black] black
   *[random] a side drawn by lot
}. Answer with accept or decline.
online-challenged-variant = { $from } challenges you to a variant annabella does not play. Answer with decline.
online-challenge-canceled = { $from } took the challenge back.
online-challenge-declined = { $by } declined the challenge{ $reason ->
    [none] .
   *[other] : { $reason }.
}
online-declined-by-you = The challenge of { $from } is declined.
online-game-started = Game on lichess against { $opponent }{ $control ->
    [none] {""}
   *[other] , { $control }
}, { $rated ->
    [yes] rated
   *[no] casual
}. You play { $color ->
    [white] white
   *[black] black
}.
online-aborted = The game is aborted; lichess keeps no aborted game.
online-move-rejected = lichess refused { $move }{ $reason ->
    [none] .
   *[other] : { $reason }.
} The move is taken back.
online-takeback-offered = Your opponent asks to take back a move. Answer with accept or decline.
online-takeback-proposed = You ask to take back your last move.
online-takeback-declined = The takeback is declined.
online-opponent-gone = Your opponent has left the game. { $seconds ->
    [0] You can claim the win: type claim.
   *[other] You can claim the win in { $seconds } seconds: type claim then.
}
online-opponent-back = Your opponent is back.
online-chat = { $user } writes: { $text }
online-chat-sent = Sent to the chat.
online-connection-lost = The connection to lichess dropped; trying again.
online-connection-back = Connected to lichess again.
online-no-token = No lichess token: type online login, or set LICHESS_TOKEN.
online-not-secure = The token is sent only over HTTPS, or to this computer for tests; { $url } is neither. Set lichessurl to https://lichess.org.
online-offline = lichess cannot be reached; annabella goes on without it.
online-unauthorized = lichess refused the token: it is wrong, revoked, or lacks the scopes board:play, challenge:read and challenge:write. Type online login to give a new one.
online-rate-limited = lichess asks for a pause after too many requests: nothing is sent for { $seconds } seconds.
online-status = lichess refused with error { $code }{ $reason ->
    [none] .
   *[other] : { $reason }.
}
online-bad-answer = lichess's answer could not be read.
online-no-game = There is no game on lichess here. Type seek or challenge to start one.
online-not-online = Not while a game on lichess runs: finish it first, by resign or, before both have moved, abort.
online-opponent-to-move = It is your opponent's move on lichess.
online-nothing-to-claim = There is nothing to claim: your opponent has not left the game.
online-draw-offer-sent = You offer a draw on lichess.
online-token-unreadable = The lichess token file could not be read: { $why }. Type online login to give the token again.
online-token-invalid = { $env ->
    [yes] LICHESS_TOKEN
   *[no] The lichess token file
} holds no token: a lichess token is one word of letters and digits. Type online login to give it again.
prompt-token = lichess token>

## Voice input
help-listen = listen, listen on or listen off: moves and commands spoken into the microphone; alone, it switches.
help-microphones = microphones or mics: the microphones there are, and the one the setting microphone names.
help-display = display, display board or display text: what the Braille display shows, the board (a rank a row, a square a cell) or what annabella said; alone, it switches.
setting-listen = Listen to the microphone for moves, commands and answers.
setting-listenconfirm = Read a heard move back before it is played: on, off, or auto (only when unsure).
setting-microphone = The microphone listened to: default, or a name as microphones lists it.
setting-voicemodel = The Whisper model that hears: auto (the installed ones), or the folder of another.
setting-braille = The Braille display through BRLTTY: auto uses it when BRLTTY answers, on says once when it cannot.
ask-heard-move = { $move }?
ask-heard-either = { $choices }?
ask-heard-command = { $command }? Yes or no.
voice-heard = Heard: { $words }
voice-not-understood = Not understood. Say it again, a little slower, or type it.
voice-listening = Listening.
voice-not-listening = Not listening.
voice-dropped = Not done.
voice-not-built = This build has no voice input; annabella goes on by keyboard.
voice-no-model = No voice model is installed (/usr/share/annabella/voice-models fetches Whisper’s, or scripts/voice-models in a checkout); annabella goes on by keyboard.
voice-model-missing = There is no voice model in { $folder }: set voicemodel to the folder of a Whisper model, or to auto; annabella goes on by keyboard.
voice-model-broken = The voice model in { $folder } cannot be read (damaged, or not a Whisper model in CTranslate2’s format); annabella goes on by keyboard.
voice-no-microphone = No microphone found; annabella goes on by keyboard.
voice-no-such-microphone = No microphone is called { $name }; the microphones are: { $list }.
voice-no-such-microphone-none = No microphone is called { $name }, and this computer has none.
voice-failed-sound-system = The sound system does not answer, so no microphone can be found; annabella goes on by keyboard.
voice-failed-unopenable = The microphone cannot be opened: another program may be using it, or set microphone chooses another; annabella goes on by keyboard.
voice-failed-stopped = The microphone stopped, perhaps unplugged; annabella goes on by keyboard, and listen tries again.
voice-failed-recogniser = The speech recogniser does not start (its model may be damaged); annabella goes on by keyboard.
voice-failed-no-thread = The system cannot start listening now (too many programs running?); annabella goes on by keyboard.
voice-ended = The recording listened to has ended.
voice-microphones = Microphones: { $list }. In use: { $chosen }.
hear-bad-fen = Not a position: { $fen }. Give a FEN such as rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1.
sound-file-unreadable = Cannot read { $file } ({ $why }); give a PCM WAV file, 8 to 48 kHz, 16-bit or float.
sound-file-not-wav = { $file } is not a WAV file, or a damaged one; give a PCM WAV file, 8 to 48 kHz, 16-bit or float.
sound-file-format = { $file } holds { $kind } audio; give a PCM WAV file, 8 to 48 kHz, 16-bit or float.
sound-file-rate = { $file } is sampled at { $rate } Hz; give a PCM WAV file, 8 to 48 kHz, 16-bit or float.

## The Braille display
display-board = Board on the Braille display.
display-text = Text on the Braille display.
display-picked = { $piece } { $square }.
display-dropped = { $piece } { $square } let go.
display-connected = Braille display of { $cols } cells{ $rows ->
    [1] {""}
   *[other] {" "}in { $rows } rows
}.
display-lost = The Braille display went away; annabella goes on without it and takes it back when BRLTTY is there again.
display-not-built = This build has no Braille display; annabella goes on without it.
display-no-brltty = No Braille display: BRLTTY does not answer (is it running, and may you read its key?); annabella goes on without it.
display-not-allowed = No Braille display: BRLTTY refused annabella's key (BRLAPI_AUTH); annabella goes on without it.
display-no-display = No Braille display: BRLTTY runs without one; annabella goes on without it and takes it when it comes.
display-no-thread = No Braille display: the system gave annabella no thread for it; annabella goes on without it.
display-brltty-error = No Braille display: BRLTTY answered with an error; annabella goes on without it.

## The command line's help, the man page and the completions (annabella
## --help, annabella generate man|completions).
cli-about = A chess client for blind and visually impaired players: moves are announced the way the FIDE Laws ask (Springer Felix drei) and can be typed in algebraic notation, as coordinates or in words.
cli-long-about = A chess client for blind and visually impaired players: moves are announced the way the FIDE Laws ask (Springer Felix drei), in text, in speech and on a Braille display, and can be typed in algebraic notation, as coordinates or in words, or said into a microphone. Lines are read from the terminal, or from standard input when it is a pipe (no prompt; annabella ends at the end of input). It plays against its built-in engine, an external UCI engine, a second person at the keyboard, or on lichess.
opt-fen = Start from this position (FEN; X-FEN or Shredder-FEN castling for Chess960).
opt-chess960 = Play Chess960 from start position N (0 to 959) or a random one.
opt-engine = An external UCI engine to play against (program and arguments), such as /usr/games/stockfish.
opt-engine-option = An option for the external engine, such as Hash=64 (repeatable).
opt-elo = Strength of the opponent in Elo: UCI_Elo for an external engine that offers it, else the nearest built-in level.
opt-seed = Seed for random choices (random Chess960 positions, colours, the engine's deliberate mistakes).
opt-data-dir = Where games are kept (default: the platform's data directory, ~/.local/share/annabella).
opt-config = The settings file (default: settings.toml in the platform's configuration directory, ~/.config/annabella).
opt-resume = Go on with the unfinished game of the last run without asking.
opt-new = Start a new game without asking; an unfinished one stays saved.
opt-listen-from = Listen to a recording (WAV) as the microphone, in real time, or to a named pipe a program writes a WAV stream into; for tests and practice. Listening is on.
opt-setting = { $about } Values: { $allowed }. [default: { $default }]
opt-help = Print help (--help says more than -h).
opt-version = Print the version.
hear-about = Recognises a recording without a game, as voice input would hear it.
hear-long-about = Recognises a recording without a game, as voice input would hear it in that position, and prints one tab-separated line per utterance: start and end in seconds, kind (move, command or none), value (the move in UCI, the command's English word, or -), confidence, and the words as heard.
hear-file = The recording: PCM WAV, 8 to 48 kHz, mono or stereo, 16-bit or float.
hear-fen = The position the moves are heard in (FEN), else the start.
hear-lang = The language besides English and FIDE's German words (de, en or et); else the settings file's, else the environment's.
hear-chess960 = The FEN's castling is Chess960's.
hear-data-dir = Taken as the client takes it; hear keeps nothing.
hear-config = Taken as the client takes it (its lang is used when --lang is not given).
uci-about = Runs the built-in engine as a UCI engine, for chess programs and match tools.
generate-about = Writes the man page or a shell's completions to standard output.
generate-man = Writes the man page annabella(1) in roff to standard output.
generate-man-lang = The language of the page: de, en or et (default: the environment's).
generate-completions = Writes the completions of a shell to standard output.
generate-shell = The shell: bash, zsh, fish, elvish or powershell.
output-failed = annabella: the output cannot be written: { $why }.
flag-not-one-of = { $flag } takes { $allowed }, not { $value }.
man-manual = User Commands
man-name = NAME
man-synopsis = SYNOPSIS
man-description = DESCRIPTION
man-options = OPTIONS
man-subcommands = SUBCOMMANDS
man-commands = COMMANDS
man-commands-intro = Typed at the prompt, or said into the microphone. Every command is understood in English, German and Estonian whatever the language of the interface; the German and Estonian words are in brackets. A move is typed as it is written (e4, Nf3, O-O), as coordinates (g1f3) or in words (Springer Felix drei).
man-settings = SETTINGS
man-settings-intro = Each setting is changed with set KEY VALUE at the prompt (in any of the three languages), for one run with the flag --KEY VALUE, and for good in settings.toml as KEY = "VALUE" with the English key. settings lists them with their values.
man-files = FILES
man-file-settings = The settings, written by set; read at every start.
man-file-token = The lichess token, readable only by you.
man-file-current = The game in progress, with current.journal beside it: every answered move is on the disk before it is said.
man-file-games = Saved games (save NAME), one NAME.json each.
man-file-voice = The Whisper models of voice input.
man-file-voice-models = Fetches the Whisper models of voice input (about 220 MB, with pip) into the data directory.
man-environment = ENVIRONMENT
man-env-lang = The language of the interface when neither --lang nor the settings file names one: de* German, et* Estonian, anything else English.
man-env-xdg = Where the settings and the games are kept (the defaults are ~/.config and ~/.local/share).
man-env-no-color = Honoured by never colouring: annabella prints no colours at all.
man-env-token = A lichess token used instead of the token file.
man-env-brlapi = Where BRLTTY's BrlAPI listens and its key, for the Braille display.
man-env-louis = Where liblouis finds its tables, for the Braille scoresheet (brf).
man-env-speechd = Where Speech Dispatcher listens, for speech.
man-env-voice = The folder of the Whisper models, instead of voice/ in the data directory.
man-exit-status = EXIT STATUS
man-exit-0 = After quit or the end of input.
man-exit-1 = The output cannot be written, or annabella hear cannot read its recording.
man-exit-2 = A flag cannot be used, or --fen or --chess960 is not a position; what is wrong is said on standard error.
man-examples = EXAMPLES
man-example-start = Play White against the built-in engine at level 5; an unfinished game is offered first.
man-example-german-clock = The interface in German, on a clock of 15 minutes with 10 seconds added after each move.
man-example-stockfish = Against Stockfish at about 1500 Elo.
man-example-human = Two people at one keyboard, or a blind player with an assistant who types both sides' moves.
man-example-screenreader = No speech of its own, for a screen reader that reads the terminal, and lines of 40 characters for a Braille display.
man-example-pipe = A new game from a script: the moves and commands from a pipe, the answers as plain lines.
man-example-hear = What voice input hears in a recording.
man-see-also = SEE ALSO
man-see-also-readme = The README, with every command, every setting and a first game: /usr/share/doc/annabella/README.md in the Debian package.

## The review of a game, and the opening by name

help-opening = opening: the opening of the game by name, with its ECO code, as lichess names it.
help-review = review: the engine goes over a finished or loaded game, then says the opening, each side's inaccuracies, mistakes and blunders with an accuracy, and the turning points. review NAME reviews a saved game. review next, review back and review N walk the turning points and show the position there; review line says the better line.
help-stop = stop: ends the review under way; what it found is kept, and review goes on from there.
setting-opening = Say the opening's name once, when the game leaves the last named position.
setting-reviewdepth = How deep review searches each position, in half-moves (1 to 30).
review-opening = Opening: { $name } ({ $eco }).
review-no-opening = This game's positions have no opening name: it did not start from the usual position, or its first move has none.
review-started = Reviewing { $positions ->
    [one] 1 position
   *[other] { $positions } positions
} with { $engine ->
    [builtin] the built-in engine
   *[other] { $engine }
}. The board can be read meanwhile; stop ends it.
review-progress = Review { $percent } percent done.
review-stopped = Review stopped after { $done } of { $total } positions. What it found is kept; review goes on from there.
review-engine-failed = The review goes on with the built-in engine.
review-side = { $color }: { $inaccuracies ->
    [0] no inaccuracy
    [one] 1 inaccuracy
   *[other] { $inaccuracies } inaccuracies
}, { $mistakes ->
    [0] no mistake
    [one] 1 mistake
   *[other] { $mistakes } mistakes
}, { $blunders ->
    [0] no blunder
    [one] 1 blunder
   *[other] { $blunders } blunders
}; { $accuracy ->
    [-1] no accuracy: no move evaluated.
   *[other] accuracy { $accuracy } percent.
}
review-missing = { $missing ->
    [one] 1 position was
   *[other] { $missing } positions were
} not evaluated; review evaluates them.
review-turning-count = { $count ->
    [one] 1 turning point; review next shows it.
   *[other] { $count } turning points; review next walks through them.
}
review-turning = Move { $number }, { $color }: { $move }, { $judgement ->
    [inaccuracy] an inaccuracy
    [mistake] a mistake
   *[blunder] a blunder
}.
review-better = Better was { $move }.
review-chances = { $side ->
    [white] White's
   *[black] Black's
} winning chances rose from { $before } to { $after } percent.
review-eval-pawns = { $color } is better by about { $pawns ->
    [one] a pawn
   *[other] { $pawns } pawns
}.
review-line = Better line: { $line }.
review-no-line = The engine named no better line here.
review-no-turning = No mistake and no blunder in this game.
review-no-moves = This game has no moves to review.
review-running = The game is still going on; review it when it has ended, or load a saved one with review NAME.
review-busy = A review is under way; stop ends it.
review-not-reviewed = This game has not been reviewed yet; type review.
review-no-such-point = There is no turning point { $asked }; this review has { $count }.
review-at-last = That was the last turning point; review back goes to the one before.
review-at-first = This is the first turning point; review next goes on.
review-no-point-shown = No turning point is shown; review next shows the first.
review-nothing-to-stop = Nothing is under way to stop.
review-not-here = The game on lichess is still going on; review it when it has ended.
