# annabella — deutsche Bedienoberfläche.
# Die Zugwörter des Stils `fide` kommen immer aus dieser Datei.

## Figuren, Felder und Farben

piece-king = König
piece-queen = Dame
piece-rook = Turm
piece-bishop = Läufer
piece-knight = Springer
piece-pawn = Bauer
pieces-king = Könige
pieces-queen = Damen
pieces-rook = Türme
pieces-bishop = Läufer
pieces-knight = Springer
pieces-pawn = Bauern
letter-king = K
letter-queen = D
letter-rook = T
letter-bishop = L
letter-knight = S
letter-pawn = B
file-fide-a = Anna
file-fide-b = Bella
file-fide-c = Cesar
file-fide-d = David
file-fide-e = Eva
file-fide-f = Felix
file-fide-g = Gustav
file-fide-h = Hector
rank-1 = eins
rank-2 = zwei
rank-3 = drei
rank-4 = vier
rank-5 = fünf
rank-6 = sechs
rank-7 = sieben
rank-8 = acht
file-nato-a = alfa
file-nato-b = bravo
file-nato-c = charlie
file-nato-d = delta
file-nato-e = echo
file-nato-f = foxtrot
file-nato-g = golf
file-nato-h = hotel
square-words = { $file } { $rank }
color-white = Weiß
color-black = Schwarz

## Züge

move-to = { $piece } { $to }
move-takes = { $piece } schlägt { $to }
move-from-to = { $piece } { $from } nach { $to }
move-from-takes = { $piece } { $from } schlägt { $to }
move-full = { $piece } von { $from } nach { $to }
move-full-takes = { $move }, schlägt { $captured }
move-en-passant = { $move } en passant
move-promotion = { $move }, Umwandlung in { $piece }
move-check = { $move }, Schach
move-double-check = { $move }, Doppelschach
move-mate = { $move }, Schachmatt
castle-short = Kurze Rochade
castle-long = Lange Rochade
announce-move = { $number }. { $color }: { $move }

## Partieende und Stand

game-over-win = Partie beendet: { $result }, { $winner } gewinnt { $reason }.
game-over-draw = Partie beendet: { $result }, Remis { $reason }.
# A record gave the result but not why.
game-over-won = Partie beendet: { $result }, { $winner } hat gewonnen.
game-over-drawn = Partie beendet: { $result }, Remis.
# Wie ein Ergebnis gesprochen wird; der Text behält 1-0, 0-1 und 1/2-1/2.
result-said-white = eins zu null
result-said-black = null zu eins
result-said-draw = ein halber Punkt für jeden
reason-checkmate = durch Schachmatt
reason-resignation = durch Aufgabe
reason-time-forfeit = durch Zeitüberschreitung
reason-stalemate = durch Patt
reason-dead-position = durch tote Stellung
reason-agreement = durch Vereinbarung
reason-threefold = durch dreifache Stellungswiederholung
reason-fifty-move = nach der Fünfzig-Züge-Regel
reason-fivefold = durch fünffache Stellungswiederholung
reason-seventy-five-move = nach der Fünfundsiebzig-Züge-Regel
reason-timeout-insufficient = durch Zeitüberschreitung bei ungenügendem Material
status-running = { $color } am Zug, Zug { $number }.
status-check = Schach.
prompt-turn = { $color } am Zug>
prompt-over = Partie beendet>
greeting-start = annabella, Schach für blinde und sehbehinderte Menschen. Die Befehle nennt hilfe.
new-game = Neue Partie.
new-game-960 = Neue Chess960-Partie, Startstellung { $number }. Weiß von a bis h: { $pieces }; Schwarz spiegelbildlich.

## Ablehnungen

refuse-game-over = Die Partie ist beendet. Eine neue Partie mit neu, oder zurück.
refuse-not-a-move = Das nennt keinen Zug. Wie man Züge eingibt, sagt hilfe.
refuse-not-your-turn = Das könnte nur { $role ->
    [queen] die
   *[other] der
  } { $otherside ->
    [white] weiße
   *[black] schwarze
  } { $name } spielen; { $color } ist am Zug.
refuse-no-piece-on = Auf { $square } steht keine eigene Figur.
refuse-wrong-piece-on = Auf { $square } steht { $found ->
    [queen] eine { $foundname }
   *[other] ein { $foundname }
  }, { $expected ->
    [queen] keine { $expectedname }
   *[other] kein { $expectedname }
  }.
refuse-no-such-piece = Du hast { $role ->
    [queen] keine { $name }
    [pawn] keinen Bauern
   *[other] keinen { $name }
  }{ $where }.
where-file = {" "}auf der Linie { $file }
where-rank = {" "}auf der Reihe { $rank }
where-square = {" "}auf { $square }
refuse-own-piece = Auf { $square } steht { $role ->
    [queen] deine eigene { $name }
   *[other] dein eigener { $name }
  }.
refuse-king-in-check = Dein König stünde im Schach durch { $role ->
    [queen] die { $name }
    [pawn] den Bauern
   *[other] den { $name }
  } auf { $square }.
refuse-cannot-reach = { $role ->
    [queen] Keine { $name }
   *[other] Kein { $name }
  } kann { $to } erreichen.
refuse-cannot-reach-from = { $role ->
    [queen] Die { $name }
   *[other] Der { $name }
  } auf { $from } kann { $to } nicht erreichen.
refuse-cannot-reach-any = Keine deiner Figuren kann { $to } erreichen.
refuse-nothing-to-capture = Auf { $square } gibt es nichts zu schlagen.
refuse-no-promotion = Dieser Zug ist keine Umwandlung; umgewandelt wird nur ein Bauer auf der letzten Reihe.
refuse-castling-king-moved = { $castling } ist nicht mehr erlaubt: dein König hat schon gezogen.
refuse-castling-rook-moved = { $castling } ist nicht mehr erlaubt: dieser Turm hat schon gezogen oder wurde geschlagen.
refuse-castling-no-right = { $castling } ist in dieser Stellung nicht erlaubt.
refuse-castling-in-check = { $castling } ist jetzt nicht möglich: dein König steht im Schach.
refuse-castling-occupied = { $castling } ist jetzt nicht möglich: { $square } ist besetzt.
refuse-castling-attacked = { $castling } ist jetzt nicht möglich: { $square } wird angegriffen.
refuse-no-castling = Jetzt ist keine Rochade möglich: die kurze nicht, weil { $short }, und die lange nicht, weil { $long }.
refuse-no-castling-both = Jetzt ist keine Rochade möglich, weil { $why }.
# Reasons as clauses after "weil": the verb goes last.
castling-why-king-moved = dein König schon gezogen hat
castling-why-rook-moved = ihr Turm schon gezogen hat oder geschlagen wurde
castling-why-no-right = die Stellung sie nicht erlaubt
castling-why-in-check = dein König im Schach steht
castling-why-occupied = { $square } besetzt ist
castling-why-attacked = { $square } angegriffen wird
input-understood = Verstanden: { $words }.
not-understood = Nicht verstanden: { $input }. Die Befehle nennt hilfe.
not-understood-suggest = Nicht verstanden: { $input }. Meintest du { $suggestion }?
piece-alone = Wohin soll { $role ->
    [queen] die
   *[other] der
  } { $name } ziehen? Tippe den Zug mit dem Feld, zum Beispiel { $name } { $square }.
piece-alone-stuck = Wohin soll { $role ->
    [queen] die
   *[other] der
  } { $name } ziehen? { $count ->
    [one] { $role ->
        [queen] Sie
       *[other] Er
      } kann jetzt nicht ziehen.
   *[other] { $role ->
        [queen] Keine
       *[other] Keiner
      } davon kann jetzt ziehen.
  }

## Fragen

ask-which = { $role ->
    [queen] Welche { $name }
   *[other] Welcher { $name }
  }: { $choices }?
ask-which-any = Welche Figur: { $choices }?
ask-which-piece = { $name } auf { $square }
ask-castling = Kurze oder lange Rochade?
ask-promotion = Umwandlung auf { $square } in welche Figur: Dame, Turm, Läufer oder Springer?
answer-not-fitting = Das passt nicht zur Frage.
answer-not-understood = Nicht verstanden: { $input }.
list-or = { $first } oder { $last }

## Antworten auf Befehle

square-empty = { $square }: leer.
square-piece = { $square }: { $piece }.
last-none = Noch kein Zug.
history-both = { $number }. Weiß: { $white }; Schwarz: { $black }
history-white = { $number }. Weiß: { $white }
history-black = { $number }. Schwarz: { $black }
undo-done = Zurückgenommen: { $move }.
undo-reopened = Die Partie ist wieder offen.
nothing-to-undo = Es gibt keinen Zug zum Zurücknehmen.
draw-offered = { $color } bietet Remis an. Antwort mit annehmen oder ablehnen.
draw-declined = Das Remisangebot von { $color } ist abgelehnt.
draw-declined-engine = Du bietest Remis an; die Engine lehnt ab, und die Partie geht weiter.
no-draw-offer = Es liegt kein Remisangebot vor.
claim-refused = Remisreklamation abgelehnt: diese Stellung kam { $count ->
    [one] einmal
   *[other] { $count } mal
  } vor, und { $moves } Züge waren ohne Schlagen oder Bauernzug. Die Partie geht weiter.
claim-move-stays = Der Zug bleibt gespielt.
board-side = { $color }: { $pieces }
setting-changed = { $key } ist jetzt { $value }.
setting-line = { $key }: { $value }
unknown-setting = Eine Einstellung { $key } gibt es nicht. Einstellungen: { $keys }.
bad-value = { $key } kann nicht { $value } sein. Möglich ist { $allowed }.
set-usage = So geht es: einstellen SCHLÜSSEL WERT, zum Beispiel einstellen stil san.
chess960-number = Chess960-Startstellungen haben die Nummern 0 bis 959, oder zufall; { $value } ist keine davon.
# Fehler der Befehlszeile (auf der Standardfehlerausgabe, in der Sprache von --lang).
flag-bad-time = { $flag }: { $why }
flag-not-a-number = { $flag } braucht eine ganze Zahl, nicht { $value }.
flag-unknown = Die Option { $flag } gibt es nicht.
flag-unknown-suggest = Die Option { $flag } gibt es nicht; meintest du { $suggestion }?
flag-stray = { $word } ist keine Option; Optionen beginnen mit zwei Bindestrichen, etwa --lang.
flag-missing-value = Nach { $flag } fehlt der Wert.
flag-missing-argument = Es fehlt { $what }.
flag-conflict = { $flag } und { $other } gehen nicht zusammen.
flag-not-fen = { $value } ist keine FEN; gib eine an wie rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1.
flag-illegal-position = { $value } ist keine erlaubte Stellung: prüfe die Könige, Bauern auf der ersten oder letzten Reihe und die Rochaderechte.
flag-engine-option = --engine-option { $value } braucht einen Namen und einen Wert, etwa --engine-option Hash=64.
flag-other = Mit diesen Optionen kann annabella nicht starten: { $args }.
flag-help = annabella --help nennt alle Optionen.
unknown-help = Einen Befehl { $topic } gibt es nicht. Die Liste nennt hilfe.
missing-square = { $command } braucht ein Feld.
missing-rank = { $command } braucht eine Reihe.
missing-file = { $command } braucht eine Linie.
missing-piece = { $command } braucht eine Figurenart.
missing-argument = { $command } braucht mehr Angaben.
missing-value = { $key } braucht einen Wert: { $allowed }.
out-of-range = { $command } nimmt eine Zahl von { $min } bis { $max }, nicht { $value }.
missing-drill = { $command } braucht eine Art von Übung.
missing-challenge = { $command } braucht einen lichess-Namen oder ki, und eine Bedenkzeit.
missing-seek = { $command } braucht eine Bedenkzeit.
missing-say = { $command } braucht einen Text.
missing-load = { $command } braucht den Namen einer gespeicherten Partie oder eine PGN-Datei.
missing-brf = { $command } braucht einen Dateinamen, etwa brf partie.brf.
missing-fen = mein brett fen braucht danach eine FEN. Zum Beispiel: mein brett fen 4k3/8/8/8/8/8/8/4K3
missing-peeks = blind an blicke braucht die Zahl der erlaubten Blicke, von { $min } bis { $max }: blind an blicke 20.
missing-ai-level = herausfordern ki braucht eine Stufe von 1 bis 8, dann eine Bedenkzeit: herausfordern ki 3 5+3.
missing-challenge-clock = herausfordern braucht auch eine Bedenkzeit, Minuten+Sekunden: herausfordern Anna 10+5, oder herausfordern ki 3 5+3.
bad-argument = Unerwartet: { $argument }.
quit-goodbye = Auf Wiedersehen.

## Brett lesen

piece-colored = { $color ->
    [white] { $role ->
        [queen] weiße
       *[other] weißer
      }
   *[black] { $role ->
        [queen] schwarze
       *[other] schwarzer
      }
  } { $name }
line-rank = Reihe { $rank }
line-file = Linie { $file }
line-diagonal = Diagonale { $from } bis { $to }
line-cells = { $line }: { $cells }.
cell-piece = { $square } { $piece }
cell-empty = { $square } leer
cell-empty-run = { $from } bis { $to } leer
where-found = { $color ->
    [white] { $count ->
        [one] { $role ->
            [queen] Weiße
           *[other] Weißer
          }
       *[other] Weiße
      }
   *[black] { $count ->
        [one] { $role ->
            [queen] Schwarze
           *[other] Schwarzer
          }
       *[other] Schwarze
      }
  } { $name }: { $squares }.
where-none = { $role ->
    [queen] Keine { $color ->
        [white] weiße
       *[black] schwarze
      }
   *[other] Kein { $color ->
        [white] weißer
       *[black] schwarzer
      }
  } { $name }.
list-none = keine
attackers-occupied = { $square }, { $piece }. Angegriffen von: { $attackers }. Gedeckt von: { $defenders }.
attackers-empty = { $square }, leer. Weiß: { $white }. Schwarz: { $black }.
moves-all = { $count ->
    [one] Ein legaler Zug
   *[other] { $count } legale Züge
  }: { $moves }.
moves-all-none = { $side ->
    [white] Weiß hat
   *[black] Schwarz hat
  } keinen legalen Zug.
moves-not-on-move = { $square }, { $piece }: { $color } ist nicht am Zug.
count-pieces = { $count } { $count ->
    [one] { $name }
   *[other] { $names }
  }
moves-none = { $square }, { $piece }: kein legaler Zug.
moves-piece = { $square }, { $piece }, { $count ->
    [one] ein Zug
   *[other] { $count } Züge
  }: { $moves }.
material-level = Material ausgeglichen, je { $units } Bauerneinheiten.
material-ahead = { $color } hat { $units ->
    [one] eine Bauerneinheit
   *[other] { $units } Bauerneinheiten
  } mehr.
material-extra = { $color } hat mehr: { $pieces }.

## Hilfe

help-intro = Befehle: { $commands }. Mehr mit hilfe und einem Befehl.
help-move-input = Züge: in algebraischer Notation mit deutschen oder englischen Buchstaben (Sf3, Nf3, exd5, O-O, e8D), als Koordinaten (g1-f3, e2-e4) oder in Worten (Springer Felix drei).
help-help = hilfe, oder hilfe und ein Befehl: erklärt die Befehle.
help-quit = ende: beendet annabella.
help-new = neu: eine neue Partie; neu weiß, neu schwarz oder neu zufall: mit dieser Seite für dich gegen die Engine. neu 960: eine Chess960-Partie aus einer zufälligen Startstellung; neu 960 und eine Zahl von 0 bis 959: diese Startstellung. neu zeit 5+3: mit dieser Bedenkzeit (jede, die einstellen zeit nimmt).
help-board = brett: das ganze Brett, im Brettstil der Einstellung brettstil (liste, reihen oder felder).
help-status = status oder stand: wer am Zug ist und die Zugnummer, oder das Ergebnis.
help-fen = fen: die Stellung in der Forsyth-Edwards-Notation.
help-pgn = pgn: die Partie im PGN-Format.
help-brf = brf DATEI (auch punktschriftformular): schreibt die Partie als Partieformular in Punktschrift (eine BRF-Datei für einen Brailledrucker oder ein Notizgerät): Spieler, Turnier, Datum und Ergebnis, dann ein Zugpaar je Zeile, mit den Uhrzeiten, wenn die Partie eine Uhr hatte. Zeilen sind breite Zellen lang (40 bei breite 0), 25 Zeilen je Seite; die Tabelle stellt brailletabelle ein. Nach einer vorhandenen Datei wird am Terminal gefragt; aus einem Skript wird sie nur mit brf DATEI ersetzen ersetzt.
help-last = letzter: der letzte Zug noch einmal.
help-history = partie: alle Züge, eine Zeile je Zugnummer.
help-undo = zurück: nimmt den letzten Zug zurück; gegen die Engine ihre Antwort und deinen Zug.
help-resign = aufgeben: die Seite am Zug gibt auf; gegen die Engine gibst du auf.
help-draw = remis: reklamiert Remis durch dreifache Stellungswiederholung oder die Fünfzig-Züge-Regel, sonst ist es ein Remisangebot. remis und ein Zug: spielt den Zug und reklamiert das Remis, das er bringt.
help-accept = annehmen: nimmt ein Remisangebot an.
help-decline = ablehnen: lehnt ein Remisangebot ab.
help-set = einstellen SCHLÜSSEL WERT: ändert eine Einstellung; einstellungen nennt sie mit ihren Werten. Die Schlüssel und Werte, auf Deutsch, Englisch oder Estnisch:
help-settings = einstellungen: nennt alle Einstellungen.
help-square = feld und ein Feld, oder ein Feld mit Fragezeichen (Eva vier?): was dort steht.
help-rank = reihe und eine Zahl oder ein Rangwort (reihe 4): was auf dieser Reihe steht.
help-file = linie und ein Buchstabe oder Linienname (linie e, linie Eva): was auf dieser Linie steht.
help-diagonal = diagonale und ein Feld (diagonale c1): was auf den Diagonalen durch dieses Feld steht.
help-pieces = figuren, wahlweise mit weiß oder schwarz: die Figuren beider Seiten oder einer.
help-where = wo und eine Figur, wahlweise mit Farbe (wo Springer, wo schwarze Dame): wo diese Figuren stehen.
help-attackers = angreifer und ein Feld (angreifer e4): welche Figuren jeder Seite es angreifen, und bei einem besetzten Feld, welche es decken.
help-moves = züge: alle legalen Züge mit ihrer Zahl; züge und ein Feld (züge g1): die legalen Züge dieser Figur.
help-material = material: die Bilanz in Bauerneinheiten und die Figuren, aus denen sie besteht.
help-repeat = wiederholen oder r: sagt die letzte Antwort noch einmal.
control-keys = Es kamen nur Steuertasten an, etwa eine Pfeiltaste. Gib einen Zug oder einen Befehl ein; hilfe nennt die Befehle.
nothing-to-repeat = Es wurde noch nichts gesagt.

## Sprache und Klang

notice-speech-unavailable = Kein Sprachdienst hat geantwortet; annabella macht ohne Sprachausgabe weiter.
notice-speech-lost = Die Sprachausgabe funktioniert nicht mehr; annabella macht ohne Sprachausgabe weiter.
notice-sound-unavailable = Kein Audiogerät; annabella macht ohne Klänge weiter.

## Gegner

engine-failed = { $reason ->
    [notstarted] Die Engine { $named } ließ sich nicht starten: { $why }
    [refused] Die Engine hat bei der Option { $named } aufgehört zu arbeiten
    [starttimeout] Die Engine hat beim Start nicht geantwortet
    [crashed] Die Engine arbeitet nicht mehr
    [hung] Die Engine hat nicht rechtzeitig gezogen
    [illegal] Die Engine hat einen regelwidrigen Zug geschickt, { $move }
   *[garbled] Die Engine hat etwas geschickt, das kein Zug ist
  }; die eingebaute Engine übernimmt.
engine-unknown-option = Die Engine kennt keine Option { $option }; sie spielt ohne sie.
engine-thinking = Die Engine denkt nach; inzwischen kannst du dir das Brett ansehen, zum Beispiel mit brett oder status.
hint-move = Tipp: { $move }.
hint-engine-turn = Die Engine ist am Zug; tipp hilft, sobald du am Zug bist.
eval-equal = Die Stellung ist ausgeglichen.
eval-slight = { $color } steht leicht besser.
eval-clear = { $color } steht deutlich besser.
eval-winning = { $color } steht auf Gewinn.
eval-mate = { $color } setzt in { $moves ->
    [one] einem Zug
   *[other] { $moves } Zügen
  } matt.
eval-detail = { $centipawns } Hundertstel Bauern für Weiß; Hauptvariante: { $line }.
eval-line = Hauptvariante: { $line }.
opponent-human = Gegner: ein Mensch an dieser Tastatur; beide Seiten werden hier eingegeben.
opponent-engine = Gegner: die eingebaute Engine auf Stufe { $level }, etwa { $elo } Elo. Du spielst { $color }.
opponent-external = Gegner: eine externe Engine; die eingebaute Engine auf Stufe { $level } steht bereit. Du spielst { $color }.
help-hint = tipp: der Zug, den die Engine jetzt spielen würde.
help-eval = bewertung: wie die Stellung steht; mit ausführlichkeit ausführlich auch in Hundertstel Bauern, mit der Hauptvariante.

## Einstellungen

setting-help = { $key }: { $allowed }. { $about }
allowed-range = eine Zahl von { $min } bis { $max }
allowed-range-or-zero = 0 oder eine Zahl von { $min } bis { $max }
allowed-voice = auto, eine Sprache wie de oder en-gb, oder der Name einer Stimme in einem Wort
setting-style = Wie Züge angesagt werden: fide sagt Springer Felix drei, lokal Springer f 3, nato Springer foxtrot 3, san Sf3.
setting-verbosity = Wie viel eine Ansage sagt: kurz den Zug, normal auch Zugnummer und Farbe, ausführlich auch das Ausgangsfeld, die geschlagene Figur und das Schach.
setting-boardstyle = Wie brett das Brett zeigt: liste nach Farbe und Art, reihen eine Zeile je Reihe, felder jedes besetzte Feld.
setting-lang = Die Sprache der Oberfläche.
setting-autoqueen = Ohne Nachfrage in eine Dame umwandeln.
setting-width = Antworten nach so vielen Zeichen umbrechen, etwa 40 für eine Braillezeile; 0 ohne Umbruch.
setting-brailletable = Die liblouis-Tabelle des Partieformulars in Punktschrift (brf DATEI); auto nimmt die der Sprache: en-ueb-g1.ctb, de-g0-detailed.utb, et-g0.utb.
setting-orientation = Von welcher Seite das Brett gelesen wird; spieler ist deine Seite, Weiß, wenn beide an einer Tastatur spielen.
setting-speech = Sprachausgabe; bildschirmleser gibt nur Text aus, den dein Bildschirmleser spricht.
setting-rate = Das Sprechtempo; 50 ist das normale Tempo der Stimme.
setting-speechvolume = Die Lautstärke der Sprache.
setting-voice = Die Stimme der Sprachausgabe.
setting-sound = Kurze Klänge für Züge, Schlagen, Schach, Rochade, abgelehnte Eingaben und das Partieende.
setting-volume = Die Lautstärke der Klänge.
setting-opponent = Wer die andere Seite spielt: ein Mensch an dieser Tastatur oder die Engine.
setting-level = Die Stufe der eingebauten Engine, von etwa 650 bis etwa 2020 Elo.
setting-color = Die Seite, die du gegen die Engine spielst.

## Die Uhr
help-clock = uhr: beide Zeiten in Worten, deine zuerst (beim Spiel zu zweit Weiß zuerst); uhr weiß, uhr schwarz, uhr meine oder uhr gegner: eine Seite. Bei mehreren Perioden auch die Züge bis zur nächsten Zeitkontrolle.
help-pause = pause: hält die Uhr in einer freien Partie an; Züge sind weiter möglich, ohne dass Zeit läuft. weiter lässt sie wieder laufen.
help-resume = weiter: die angehaltene Uhr läuft wieder.
setting-time = Die Bedenkzeit der Partien: 5+3 sind 5 Minuten und 3 Sekunden Zugabe nach jedem Zug, 0,5+0 sind 30 Sekunden; 90 d 5 hat 5 Sekunden Verzögerung, 90 b 5 eine Bronstein-Verzögerung; 40/90, 30+30 sind 90 Minuten für 40 Züge, dann 30 Minuten, 30 Sekunden Zugabe ab dem ersten Zug; aus spielt ohne Uhr.
setting-timealerts = Wann deine Uhr von selbst angesagt wird, in verbleibenden Sekunden, zum Beispiel 300 60 30 10; aus: nur wenn du mit uhr fragst.
allowed-time = eine Bedenkzeit wie 5+3, 0,5+0, 90 d 5, 90 b 5 oder 40/90, 30+30, oder aus
allowed-seconds = verbleibende Sekunden wie 300 60 30 10, oder aus
time-hours = { $count ->
    [one] { $count } Stunde
   *[other] { $count } Stunden
}
time-minutes = { $count ->
    [one] { $count } Minute
   *[other] { $count } Minuten
}
time-seconds = { $count ->
    [one] { $count } Sekunde
   *[other] { $count } Sekunden
}
time-seconds-decimal = { $seconds } Sekunden
decimal-separator = ,
clock-you-name = du
clock-opponent-name = Gegner
clock-side = { $who }: { $time }
clock-report = { $sides }.
clock-moves-to-control = { $count ->
    [one] Noch 1 Zug bis zur Zeitkontrolle.
   *[other] Noch { $count } Züge bis zur Zeitkontrolle.
}
clock-is-paused = Die Uhr ist angehalten.
clock-alarm = Noch { $time }.
clock-alarm-side = { $who }: noch { $time }.
clock-paused = Uhr angehalten. Mit weiter läuft sie wieder.
clock-resumed = Die Uhr läuft wieder.
clock-next-game = Die neue Bedenkzeit gilt ab der nächsten Partie; neu beginnt eine.
clock-untimed = Diese Partie hat keine Uhr. Eine Bedenkzeit wählst du mit einstellen zeit 5+3 oder neu zeit 5+3.
clock-already-paused = Die Uhr ist schon angehalten; mit weiter läuft sie wieder.
clock-not-paused = Die Uhr ist nicht angehalten; pause hält sie an.
bad-time-control = Keine Bedenkzeit: { $problem } Beispiele: 5+3 (5 Minuten, 3 Sekunden Zugabe pro Zug), 0,5+0 (30 Sekunden), 90 d 5 (5 Sekunden Verzögerung), 90 b 5 (Bronstein-Verzögerung), 40/90, 30+30 (40 Züge in 90 Minuten, dann 30 Minuten).
control-empty = es wurde keine Zeit angegeben.
control-not-a-number = { $part } ist keine Zahl.
control-negative = { $part } ist kleiner als null; Minuten, Sekunden und Züge einer Bedenkzeit dürfen nicht negativ sein.
control-form = { $part } ist weder Minuten plus Sekunden, Minuten d Sekunden, Minuten b Sekunden noch Züge/Minuten.
control-no-time = { $part } gibt keine Zeit.
control-too-large = { $part } ist zu groß: höchstens 600 Minuten pro Periode, 300 Sekunden pro Zug und 200 Züge.
control-two-bonuses = { $part } gibt eine zweite, andere Zugabe; eine Zugabe gilt für die ganze Partie.
control-after-sudden-death = { $part } folgt auf eine Periode, die bis zum Ende der Partie dauert.

## Aufzeichnungen
help-save = speichern [name]: hebt die Partie unter einem Namen auf (Buchstaben, Ziffern, - und _, höchstens 40 Zeichen); ohne Namen wird einer gewählt. Die laufende Partie wird ohnehin nach jedem Zug aufgehoben. Nach einer unter dem Namen gespeicherten Partie wird am Terminal gefragt; aus einem Skript wird sie nur mit speichern NAME ersetzen ersetzt.
help-load = laden NAME: setzt eine gespeicherte Partie fort; laden DATEI.pgn [N]: Partie N (sonst die erste) einer PGN-Datei, zum Nachspielen mit vor und rück.
help-games = partien: die gespeicherten Partien, eine Zeile je Partie; partien DATEI.pgn: die Partien einer PGN-Datei.
record-offer = Eine unbeendete Partie: { $who }, Zug { $number }, { $color } am Zug.
record-offer-question = Weiterspielen? Antwort ja oder nein.
prompt-offer = ja oder nein>
record-who-builtin = du spielst { $color } gegen die eingebaute Engine auf Stufe { $level }
record-who-external = du spielst { $color } gegen die externe Engine
record-who-human = zwei Spieler an dieser Tastatur
record-last = Letzte Züge: { $moves }.
record-resumed = Die unbeendete Partie geht weiter.
record-not-resumed = Eine neue Partie. Die unbeendete bleibt gespeichert; partien zeigt sie.
record-kept-for-later = Die Partie ist für das nächste Mal gespeichert.
record-not-replaced = Nicht ersetzt: { $path } bleibt, wie es war.
record-offer-stands = Antworte ja, um die unbeendete Partie fortzusetzen, oder nein für eine neue.
record-saved = Gespeichert als { $name }.
record-kept-aside = Die Partie davor ist als { $name } gespeichert; laden { $name } holt sie zurück.
record-loaded = { $name } geladen.
record-games-none = Noch keine gespeicherten Partien.
record-game-line = { $name }: { $players }, { $moves ->
    [one] 1 Zug
   *[other] { $moves } Züge
}, { $result }, { $date }.
record-unfinished = unbeendet
record-players = { $white } gegen { $black }
record-players-unknown = Spieler unbekannt
record-player-unknown = Unbekannt
record-written = Geschrieben nach { $path }.
record-added = An { $path } angefügt als Partie { $number }.
record-missing = { $path } gibt es nicht.
record-taken = Unter { $path } ist schon eine Partie gespeichert, und speichern schreibt nie ungefragt darüber: Tippe speichern { $path } ersetzen, um sie zu ersetzen, oder wähle einen anderen Namen.
record-unreadable = { $path } kann nicht gelesen oder geschrieben werden: { $why }.
record-unkept = Die Partie kann nicht gespeichert werden: { $path } lässt sich nicht schreiben: { $why }. Es wird weitergespielt, aber nichts gespeichert, bis das behoben ist; bei jedem Zug wird es neu versucht.
record-still-unkept = Nicht gespeichert.
record-kept-again = Die Partie wird wieder gespeichert: Sie ist ganz geschrieben.
record-quit-unkept = Die Partie ist nicht gespeichert: { $why }. pgn mit einer Datei anderswo (ein USB-Stick, ein anderer Ordner) schreibt sie; laden DATEI.pgn holt sie zurück. Noch einmal ende beendet ohne sie.
io-reason = { $reason ->
    [not-found] es gibt sie nicht
    [folder] das ist ein Ordner
    [not-folder] wo ein Ordner sein sollte, steht eine Datei
    [permission] dafür fehlt die Berechtigung
    [disk-full] der Datenträger ist voll
    [read-only] der Datenträger ist schreibgeschützt
   *[other] das System lehnt es ab
}
record-bad-name = { $path } kann kein Name sein: Buchstaben, Ziffern, - und _ gehen.
record-name-too-long = { $path } ist zu lang für einen Namen: höchstens { $max } Zeichen.
record-name-reserved = { $path } ist ein Name, den das System für sich behält (ein Gerät unter Windows): wähle einen anderen.
record-folder = { $path } ist ein Ordner, keine Datei.
record-not-pgn = { $path } enthält keinen PGN-Text.
record-not-pgn-left = { $path } enthält etwas anderes als PGN; die Partie wurde nicht hineingeschrieben.
brf-written = Partieformular in Punktschrift nach { $path } geschrieben: { $pages ->
    [one] 1 Seite
   *[other] { $pages } Seiten
}.
brf-exists = { $path } gibt es schon, und brf schreibt nie ungefragt über eine Datei: Tippe brf { $path } ersetzen, um sie zu ersetzen, oder gib einen neuen Dateinamen an.
brf-not-built = Dieses annabella ist ohne Braille gebaut, also ohne Partieformular in Punktschrift; dafür annabella mit dem Feature braille bauen.
brf-no-table = liblouis hat keine Brailletabelle { $table }; stelle brailletabelle auto ein, oder den Namen einer Tabelle aus /usr/share/liblouis/tables, etwa de-g0-detailed.utb.
brf-unusable = liblouis kann mit der Brailletabelle { $table } nicht übersetzen; stelle brailletabelle auto ein, oder eine andere Tabelle, etwa de-g0-detailed.utb.
brf-eight-dot = Die Brailletabelle { $table } schreibt Achtpunktzellen, die eine BRF-Datei nicht fassen kann; stelle brailletabelle auto ein, oder eine Sechspunkttabelle wie de-g0-detailed.utb.
brf-players = { $white } - { $black }
brf-event = Turnier: { $event }
brf-date = Datum: { $date }
brf-result = Ergebnis: { $result }
brf-time = { $minutes }.{ $seconds }
brf-time-hours = { $hours }.{ $minutes }.{ $seconds }
record-broken = { $path } ist beschädigt und blieb, wie es ist.
record-broken-aside = { $path } ist beschädigt; es wurde nach { $aside } beiseitegelegt.
record-unrestorable = { $name } lässt sich nicht wieder aufbauen: seine Züge passen nicht zur Stellung.
record-kept-unrestorable = Die Partie aus dem letzten Lauf lässt sich nicht wieder aufbauen: ihre Züge passen nicht zur Stellung. Ihre Datei wurde nach { $aside } beiseitegelegt.
record-kept-unrestorable-left = Die Partie aus dem letzten Lauf lässt sich nicht wieder aufbauen: ihre Züge passen nicht zur Stellung. Ihre Datei bleibt, wie sie ist.
setting-name = Dein Name, wie er in die PGN deiner Partien geschrieben wird (beim Spiel zu zweit für beide Seiten); ? wenn unbekannt.
allowed-name = ein Name mit bis zu 60 Zeichen, oder ?
## Nachspielen
help-next = vor: beim Nachspielen der nächste Zug, so angesagt wie beim Spielen, am Ende das Ergebnis. Eine beendete Partie wird von ihrem Ende aus nachgespielt, eine geladene von ihrem Anfang.
help-prev = rück: beim Nachspielen wird der gezeigte Zug zurückgenommen und genannt; zurück tut beim Nachspielen dasselbe.
help-start = anfang: beim Nachspielen die Ausgangsstellung.
help-end = schluss: beim Nachspielen der letzte Zug und das Ergebnis.
help-goto = gehe und eine Zugnummer (gehe 12): beim Nachspielen die Stellung nach dem 12. Zug von Weiß; gehe 12 schwarz: nach dem von Schwarz.
help-play = weiterspielen: die beim Nachspielen gezeigte Stellung wird als neue Partie gegen deinen jetzigen Gegner fortgesetzt, mit den Zügen bis hierher und frischer Uhr.
replay-start = Anfang der Partie.
replay-end = Das war der letzte Zug. { $result }
replay-end-open = Das war der letzte Zug; die Partie wurde nicht beendet.
replay-continued = Die Partie geht von hier aus als neue Partie weiter.
replay-place = Nachspielen: { $shown } von { $total } { $total ->
    [one] Halbzug
   *[other] Halbzügen
  } gezeigt. weiterspielen setzt von hier aus fort.
replay-place-ended = Nachspielen: { $shown } von { $total } { $total ->
    [one] Halbzug
   *[other] Halbzügen
  } gezeigt; hier endete die Partie. Eine neue Partie mit neu, oder zurück.
replay-refused = Die Partie wird nachgespielt; hier wird nicht gezogen. Mit weiterspielen geht es von der gezeigten Stellung aus weiter.
replay-none = Nachspielen geht mit einer beendeten oder geladenen Partie; diese Partie läuft noch.
replay-no-moves = Diese Partie hat keine Züge.
replay-no-move = Diese Partie hat keinen Zug { $number }. Ihre Züge gehen von { $first } bis { $last }, der letzte von { $color }.
replay-no-move-side = { $side } hat in dieser Partie keinen Zug { $number }. Ihre Züge gehen von { $first } bis { $last }, der letzte von { $color }.
missing-move-number = { $command } braucht eine Zugnummer.
record-nothing-to-resume = Es gibt keine unbeendete Partie zum Fortsetzen; eine neue Partie beginnt.
record-data-dir-in-use = annabella läuft schon mit dem Ordner { $dir }: Dieser Lauf spielt, ohne etwas zu speichern (keine Partie, Einstellung oder Übungswertung). Damit gespeichert wird, was er spielt, starte ihn mit --data-dir und einem anderen Ordner.
# The first word of the name of a game kept without one (letters only).
kept-name-unfinished = unbeendet
kept-name-finished = partie
record-torn-journal = Die letzte Änderung vor dem Abbruch war nur halb geschrieben und wird verworfen; jeder beantwortete Zug ist erhalten.
record-unknown-setting = In { $path } ist { $key } keine Einstellung; sie bleibt in der Datei.
record-bad-setting = In { $path } kann { $key } nicht { $value } sein; dieser Lauf nimmt den Standard.
record-settings-file = Einstellungsdatei: { $path }.
record-pgn-none = Die Datei enthält keine Partien.
record-pgn-game = { $number }. { $players }, { $result }, { $moves ->
    [one] 1 Zug
   *[other] { $moves } Züge
}.
record-no-such-game = Die Datei hat { $count } Partien; eine Partie { $number } gibt es nicht.
record-pgn-loaded = Partie { $number } geladen: { $players }. vor geht sie Zug für Zug durch, weiterspielen spielt ab der gezeigten Stellung weiter.
record-import-stopped = Partie { $game } bricht bei Zug { $number } von { $color } ab: { $why } Sie ist bis dahin geladen.
import-illegal = { $text } ist dort kein erlaubter Zug.
import-ambiguous = { $text } passt auf mehr als einen Zug.
import-unreadable = { $text } lässt sich nicht als Zug lesen.
import-after-end = { $text } kommt nach dem Ende der Partie.
import-bad-fen = die Startstellung { $text } lässt sich nicht lesen.
import-unknown-variant = die Variante { $text } ist weder Schach noch Chess960.
import-null = { $text } ist ein Nullzug, ein Passen, das die Regeln nicht erlauben.
record-import-null = Partie { $game }: Zug { $number } von { $color } ist ein Nullzug ({ $text }), ein Passen, das die Regeln nicht erlauben; die Partie ist bis Zug { $last } von { $lastcolor } geladen.
record-import-null-start = Partie { $game }: Zug { $number } von { $color } ist ein Nullzug ({ $text }), ein Passen, das die Regeln nicht erlauben; nur die Startstellung ist geladen.

## Das eigene Brett, Bestätigen und Partieformulare (Issue 13)

setting-confirm = Züge wiederholen, bevor es weitergeht: aus; an: du wiederholst den Zug des Gegners; eigene: du bestätigst auch deinen eigenen Zug, bevor er gespielt wird.
setting-confirmbelow = Kein Wiederholen oder Bestätigen mehr, sobald deine Uhr weniger Sekunden zeigt; 0: immer.
setting-dualcheck = Dein eigenes Brett nach jedem Zug des Gegners vergleichen und nur sagen, was abweicht.
ask-repeat = Bitte den Zug wiederholen.
ask-confirm-own = { $move } spielen? Ja oder nein.
ask-sheet = Nächster Zug des Partieformulars; eine leere Zeile oder ende zum Abschluss.
ask-replace-file = { $path } gibt es schon. Ersetzen? Antworte ja oder nein.
ask-replace-game = Unter { $path } ist schon eine Partie gespeichert. Ersetzen? Antworte ja oder nein.
ask-restore = { $count ->
    [one] Einen Halbzug
   *[other] { $count } Halbzüge
  } zurücknehmen, bis nach Zug { $number }, { $color }? Ja oder nein.
ask-restore-start = { $count ->
    [one] Einen Halbzug
   *[other] { $count } Halbzüge
  } zurücknehmen, bis zum Anfang? Ja oder nein.
confirm-right = Richtig.
confirm-wrong = Nein: { $move }.
confirm-first = Erst den Zug des Gegners wiederholen: { $move }.
confirm-owed = Noch zu wiederholen: { $move }.
confirm-own-dropped = Zug nicht gespielt.
help-myboard = mein brett: dein eigenes Brett neben dem der Partie. mein brett allein liest es vor; mein brett anfang, mein brett leer (ein leeres Brett), mein brett löschen (nichts angesagt), mein brett partie (wie die Partie steht), mein brett fen FEN; dann die Figuren nach Seiten ansagen, in einer Zeile oder mehreren: mein brett Weiß: König Gustav eins, Türme Anna eins und Felix eins, Bauern Anna zwei, Bella zwei; Schwarz: König Gustav acht. Ein Feld: mein brett Eva vier weißer Bauer, mein brett Felix drei leer. Es zählen nur die Felder, die du ansagst; sonst leer sagt, dass die übrigen leer sind.
help-compare = vergleichen: jeder Unterschied zwischen deinem Brett und dem der Partie auf den angesagten Feldern, vorher mit Zügen erklärt, wo das geht (ein Zug nicht ausgeführt, auf ein anderes Feld oder mit einer anderen Figur, eine geschlagene Figur nicht entfernt).
help-scoresheet = formular DATEI: vergleicht dein Partieformular (PGN, oder ein Zug je Zeile, oder nummerierte Zugpaare, in jeder Zugform) mit der Partie und nennt den ersten Unterschied; formular DATEI1 DATEI2: die Formulare beider Spieler miteinander und mit der Partie; formular allein: die Züge diktieren, einen je Zeile, eine leere Zeile oder ende zum Abschluss.
help-restore = wiederherstellen: setzt die Partie auf den letzten Zug zurück, bei dem die zuletzt verglichenen Formulare übereinstimmen, die Uhren auf ihre Zeiten von damals; wiederherstellen 12 oder wiederherstellen 12 schwarz: auf die Stellung nach diesem Zug. Vorher fragt es, mit der Zahl der Halbzüge, die es zurücknimmt.
dual-board-set = Dein Brett ist gesetzt.
dual-bad-fen = Keine FEN: { $text }. Zum Beispiel: mein brett fen 4k3/8/8/8/8/8/8/4K3
dual-stated = { $count ->
    [one] Ein Feld notiert.
   *[other] { $count } Felder notiert.
  }
dual-rest-empty = Der Rest deines Bretts ist leer.
dual-problem-word = Nicht verstanden: { $text }.
dual-problem-color = Keine Seite für { $text }: erst Weiß oder Schwarz sagen.
dual-problem-square = Kein Feld für { $text }.
dual-problem-piece = Keine Figur für { $text }: die Figur nennen oder leer sagen.
dual-counts = { $unstated ->
    [0] Leer: { $empty } Felder.
   *[other] Leer: { $empty } Felder; nicht angesagt: { $unstated } Felder.
  }
dual-nothing-stated = Auf deinem Brett ist noch kein Feld angesagt: setze es mit mein brett anfang, oder sage Felder mit mein brett an.
dual-agree = Die Bretter stimmen überein.
dual-not-made = { $count ->
    [one] Auf deinem Brett fehlt der Zug { $moves }.
   *[other] Auf deinem Brett fehlen die Züge { $moves }.
  }
dual-wrong-move = Auf deinem Brett wurde { $made } gezogen statt { $played }.
dual-capture-left = Nach { $capture } wurde die geschlagene Figur auf deinem Brett nicht entfernt: { $square }, { $piece }.
dual-extra-move = Auf deinem Brett ist ein Zug zu viel ausgeführt: { $made }.
dual-diff-missing = { $square }: dort gehört { $role ->
    [queen] eine
   *[other] ein
  } { $piece } hin, auf deinem Brett steht nichts.
dual-diff-extra = { $square }: dort gehört nichts hin, auf deinem Brett steht { $role ->
    [queen] eine
   *[other] ein
  } { $piece }.
dual-diff-wrong = { $square }: dort gehört { $role ->
    [queen] eine
   *[other] ein
  } { $piece } hin, auf deinem Brett steht { $yrole ->
    [queen] eine
   *[other] ein
  } { $yours }.
sheet-noted = Notiert: { $moves }.
sheet-noted-black = { $color }: { $move }
sheet-not-noted-unreadable = Zeile nicht notiert: Zug { $number }, { $color }: { $text } ist kein Zug.
sheet-not-noted-illegal = Zeile nicht notiert: Zug { $number }, { $color }: { $text } ist dort nicht erlaubt.
sheet-not-noted-ambiguous = Zeile nicht notiert: Zug { $number }, { $color }: { $text } passt auf mehr als einen Zug.
sheet-not-noted-null = Zeile nicht notiert: Zug { $number }, { $color }: { $text } ist ein Nullzug, ein Passen, das die Regeln nicht erlauben.
sheet-read = { $sheets ->
    [1] Partieformular: { $count } { $count ->
        [one] Halbzug
       *[other] Halbzüge
      } gelesen.
   *[other] Formular { $sheet }: { $count } { $count ->
        [one] Halbzug
       *[other] Halbzüge
      } gelesen.
  }
sheet-stop-unreadable = Es endet bei Zug { $number }, { $color }: { $text } ist kein Zug.
sheet-stop-illegal = Es endet bei Zug { $number }, { $color }: { $text } ist dort nicht erlaubt.
sheet-stop-ambiguous = Es endet bei Zug { $number }, { $color }: { $text } passt auf mehr als einen Zug.
sheet-stop-null = Es endet bei Zug { $number }, { $color }: { $text } ist ein Nullzug, ein Passen, das die Regeln nicht erlauben.
sheet-agree = Die Aufzeichnungen stimmen überein: { $count } { $count ->
    [one] Halbzug
   *[other] Halbzüge
  }.
sheet-behind = { $sheets ->
    [1] Dein Formular
   *[other] Formular { $sheet }
  } ist { $count } { $count ->
    [one] Halbzug
   *[other] Halbzüge
  } hinter der Partie zurück; so weit es reicht, stimmt es überein.
sheet-first-difference = Erster Unterschied: Zug { $number }, { $color }.
sheet-game-has = Die Partie: { $move }.
sheet-sheet-has = { $sheets ->
    [1] Dein Formular: { $move }.
   *[other] Formular { $sheet }: { $move }.
  }
sheet-no-move = kein Zug
sheet-restore-hint = Die Aufzeichnungen stimmen für { $count } { $count ->
    [one] Halbzug
   *[other] Halbzüge
  } überein; wiederherstellen setzt die Partie dorthin zurück.
sheet-too-many = Höchstens zwei Formulare: formular DATEI, oder formular DATEI1 DATEI2.
restore-no-sheet = Noch nichts zum Wiederherstellen: erst ein Formular vergleichen, oder den Zug nennen, etwa wiederherstellen 12 schwarz.
restore-no-such-move = Die Partie hat keinen Zug { $number } von { $color }.
restore-nothing = Die Aufzeichnungen stimmen bis zum letzten Zug überein: nichts zurückzunehmen.
restore-kept = Nichts zurückgenommen.
restore-done = Die Partie steht wieder nach Zug { $number }, { $color }.
restore-done-clocks = Die Partie steht wieder nach Zug { $number }, { $color }; die Uhren auch.
restore-start = Die Partie steht wieder am Anfang.
restore-start-clocks = Die Partie steht wieder am Anfang; die Uhren auch.

## Blindspiel, Fragen und Übungen (Issue 14)

help-blindfold = blind an, oder blind an blicke 20: Blindspiel; Brett lesen kostet Blicke, je nachdem, wie viel es zeigt: 1 für feld, Eva vier? und letzter; 2 für reihe, linie, diagonale, wo, angreifer, züge, material, tipp und vergleichen; 4 für brett, figuren und fen. bewertung kostet 1. Frei: status, uhr, partie, pgn. Mit einer Zahl ist Schluss, wenn die Blicke verbraucht sind. blind aus beendet es; blind allein sagt den Stand.
blindfold-on = Blindspiel: Brett lesen kostet jetzt Blicke; sie werden gezählt.
blindfold-on-budget = Blindspiel: Brett lesen kostet jetzt Blicke; { $budget } Blicke erlaubt.
blindfold-off = Blindspiel aus. Verbrauchte Blicke: { $used }.
peek-used = Verbrauchte Blicke: { $used }.
peek-used-budget = Verbrauchte Blicke: { $used } von { $budget }.
peek-none-left = Nicht genug Blicke übrig: das kostet { $cost }, { $used } von { $budget } sind verbraucht.
score-peeks = Blicke in dieser Partie: { $used }.
score-quiz = Fragen: { $right } von { $asked } richtig.
help-drill = übung und eine Art: farben, diagonale, springer, reichweite, gedächtnis oder folgen, wahlweise mit einer Zahl von Fragen (übung springer 5; sonst 10); antworte in jeder Form: Wörter, Buchstaben, Ziffern. übung stopp beendet sie; übung statistik sagt, wie es bisher lief.
setting-quizevery = Nach so vielen Zügen des Gegners eine Frage zur Stellung (0: keine); der Stand wird am Ende der Partie gesagt.
drill-none = Es läuft keine Übung. Beginne eine mit übung farben oder übung springer 5.
drill-unknown = Eine Übung { $word } gibt es nicht. Übungen: farben, diagonale, springer, reichweite, gedächtnis, folgen.
drill-remember = Merke dir diese Stellung.
drill-from-position = Folge den Zügen von dieser Stellung aus.
drill-from-start = Folge den Zügen von der Grundstellung aus.
drill-asked = Frage { $number }: { $question }
drill-right = Richtig.
drill-wrong = Falsch: { $answer }.
drill-unreadable = Das ist keine Antwort. { $question }
drill-done = { $right } von { $total } richtig, im Schnitt { $seconds } Sekunden.
drill-best = Bisher am besten: { $right } von { $total }.
drill-stopped = Übung beendet: { $right } von { $total } richtig, im Schnitt { $seconds } Sekunden.
drill-stats-none = Noch keine Übung gemacht.
drill-stats-line = { $drill }: { $right } von { $asked } richtig, im Schnitt { $seconds } Sekunden{ $finished ->
    [0] {""}
   *[other] , am besten { $best } von { $of }
  }{ $anymissed ->
    [0] .
   *[other] ; am häufigsten verfehlt: { $missed }.
  }
drill-name-colors = Farben
drill-name-diagonal = Diagonale
drill-name-knight = Springer
drill-name-reach = Reichweite
drill-name-memory = Gedächtnis
drill-name-follow = Folgen
q-square-color = Ist { $square } hell oder dunkel?
q-same-diagonal = Liegen { $a } und { $b } auf einer Diagonale?
q-knight = Wie viele Springerzüge von { $from } nach { $to }?
q-reach-count = Wie viele Felder erreicht { $role ->
    [queen] eine
   *[other] ein
  } { $piece } auf { $square } auf leerem Brett?
q-reach-squares = Welche Felder erreicht { $role ->
    [queen] eine
   *[other] ein
  } { $piece } auf { $square } auf leerem Brett?
q-piece-on = Was steht auf { $square }?
q-where = { $role ->
    [king] Wo steht der { $side ->
        [white] weiße
       *[black] schwarze
      } { $name }?
    [queen] Wo steht die { $side ->
        [white] weiße
       *[black] schwarze
      } { $name }?
   *[other] Wo stehen die { $side ->
        [white] weißen
       *[black] schwarzen
      } { $names }?
  }
q-attacked = Welche { $side ->
    [white] weißen
   *[black] schwarzen
  } Figuren greifen { $square } an? Nenne ihre Felder.
q-move-count = Wie viele erlaubte Züge hat die Figur auf { $square }?
q-captures = Welche { $side ->
    [white] weißen
   *[black] schwarzen
  } Figuren können schlagen? Nenne ihre Felder.
a-light = hell
a-dark = dunkel
a-yes = ja
a-no = nein
a-nothing = nichts
a-none = keine
prompt-repeat = Zug wiederholen>
prompt-answer = Antwort>
prompt-sheet = Formular>
drill-stats-kind = Am schwersten: { $kind }.
kind-square-color = hell oder dunkel
kind-same-diagonal = gleiche Diagonale
kind-knight-distance = Springerzüge
kind-reach-count = wie viele Felder
kind-reach-squares = welche Felder
kind-piece-on = was auf einem Feld steht
kind-where-is = wo Figuren stehen
kind-attacked = Angreifer
kind-move-count = erlaubte Züge
kind-captures = Schlagzüge
dual-board-cleared = Dein Brett ist gelöscht: kein Feld ist jetzt angesagt.

## Online-Partien (lichess)

reason-abandoned = durch Verlassen der Partie
allowed-url = eine Webadresse, die mit https:// beginnt (http:// nur für diesen Rechner)
allowed-brailletable = auto, oder der Dateiname einer liblouis-Tabelle wie de-g1.ctb (mehrere durch Kommas verbunden)
help-online = online sagt, wer bei lichess angemeldet ist und welche Partien laufen; online anmelden fragt nach deinem lichess-API-Token (auf lichess erstellt mit den Rechten board:play, challenge:read und challenge:write) und bewahrt es nur für dich lesbar auf; online abmelden löscht es.
help-seek = suchen und eine Bedenkzeit, Minuten+Sekunden, wahlweise gewertet und eine Farbe: suchen 15+10 gewertet schwarz. lichess sucht dir einen Gegner; eine Suche muss Schnellschach oder klassisch sein (ab 10+0).
help-challenge = herausfordern, ein lichess-Name und eine Bedenkzeit, wahlweise gewertet und eine Farbe: herausfordern Anna 10+5; oder herausfordern ki und eine Stufe von 1 bis 8: herausfordern ki 3 5+3.
help-abort = abbrechen beendet eine Suche oder bricht die lichess-Partie ab, bevor beide gezogen haben.
help-say = sagen und ein Text schreibt ihn in den Chat der lichess-Partie.
help-claim = beanspruchen fordert den Sieg, wenn dein Gegner auf lichess die Partie verlassen hat; beanspruchen remis fordert ein Remis.
setting-chat = Die Chatzeilen einer lichess-Partie vorlesen.
setting-lichessurl = Der lichess-Server; das Token wird nur über HTTPS gesendet.
online-logged-in = Bei lichess angemeldet als { $name }.
online-account = Bei lichess angemeldet als { $name }. { $count ->
    [0] Keine laufende Partie.
    [one] Eine laufende Partie:
   *[other] { $count } laufende Partien:
}
online-game-line = Gegen { $opponent }, du spielst { $color ->
    [white] Weiß
    [black] Schwarz
   *[random] eine ausgeloste Farbe
}, { $turn ->
    [yes] du bist am Zug
   *[no] dein Gegner ist am Zug
}{ $here ->
    [yes] , hier gespielt.
   *[no] .
}
online-game-waiting = Auf lichess läuft eine Partie: gegen { $opponent }, du spielst { $color ->
    [white] Weiß
    [black] Schwarz
   *[random] eine ausgeloste Farbe
}, { $turn ->
    [yes] du bist am Zug
   *[no] dein Gegner ist am Zug
}. Hier weiterspielen? Antworte ja oder nein.
online-ai = lichess-KI Stufe { $level }
online-player-rated = { $name } ({ $rating })
online-not-logged-in = Nicht bei lichess angemeldet. Tippe online anmelden und füge dein API-Token ein, oder setze LICHESS_TOKEN.
online-token-wanted = Füge dein lichess-API-Token ein und drücke Enter; es wird nicht angezeigt.
online-token-saved = Das Token ist aufbewahrt, nur für dich lesbar.
online-not-a-token = Das ist kein Token: ein lichess-Token ist ein Wort ohne Leerzeichen. Nichts wurde aufbewahrt.
online-token-not-saved = Das Token konnte nicht aufbewahrt werden: { $why }.
online-logged-out = { $existed ->
    [yes] Abgemeldet: die Token-Datei ist gelöscht.
   *[no] Es gab keine Token-Datei.
}
online-logged-out-env = Das Token aus LICHESS_TOKEN wird weiter benutzt; entferne es aus der Umgebung, um dich abzumelden.
online-logout-failed = Die Token-Datei konnte nicht gelöscht werden: { $why }.
online-control-seek = { $control } ist { $pace ->
    [ultrabullet] Ultrabullet
    [bullet] Bullet
    [blitz] Blitz
    [rapid] Schnellschach
   *[classical] klassisch
}; eine Suche auf lichess muss Schnellschach oder klassisch sein, also Minuten plus 40 mal das Inkrement mindestens 8 Minuten ergeben. Versuche 10+0, 10+5 oder 15+10.
online-control-challenge = { $control } ist { $pace ->
    [ultrabullet] Ultrabullet
    [bullet] Bullet
   *[other] zu schnell
}; eine lichess-Partie mit diesem Programm muss mindestens Blitz sein, also Minuten plus 40 mal das Inkrement mindestens 3 Minuten ergeben. Versuche 3+2 oder 5+3.
online-seeking = Suche eine { $rated ->
    [yes] gewertete
   *[no] ungewertete
} Partie { $control } auf lichess. Tippe abbrechen zum Beenden.
online-seek-ended = Die Suche endete ohne Gegner.
online-seek-cancelled = Die Suche ist beendet.
online-challenge-sent = Herausforderung an { $user } gesendet, { $control }. Warte auf die Antwort.
online-challenge-ai = Herausforderung an die lichess-KI Stufe { $level } gesendet, { $control }.
online-days = { $days ->
    [one] ein Tag pro Zug
   *[other] { $days } Tage pro Zug
}
online-no-clock = ohne Uhr
online-challenged = { $from } fordert dich heraus: { $control }, { $rated ->
    [yes] gewertet
   *[no] ungewertet
}, du spielst { $color ->
    [white] Weiß
    [black] Schwarz
   *[random] eine ausgeloste Farbe
}. Antworte mit annehmen oder ablehnen.
online-challenged-variant = { $from } fordert dich zu einer Variante heraus, die annabella nicht spielt. Antworte mit ablehnen.
online-challenge-canceled = { $from } hat die Herausforderung zurückgezogen.
online-challenge-declined = { $by } hat die Herausforderung abgelehnt{ $reason ->
    [none] .
   *[other] : { $reason }.
}
online-declined-by-you = Die Herausforderung von { $from } ist abgelehnt.
online-game-started = Partie auf lichess gegen { $opponent }{ $control ->
    [none] {""}
   *[other] , { $control }
}, { $rated ->
    [yes] gewertet
   *[no] ungewertet
}. Du spielst { $color ->
    [white] Weiß
   *[black] Schwarz
}.
online-aborted = Die Partie ist abgebrochen; lichess bewahrt keine abgebrochene Partie auf.
online-move-rejected = lichess hat { $move } abgelehnt{ $reason ->
    [none] .
   *[other] : { $reason }.
} Der Zug ist zurückgenommen.
online-takeback-offered = Dein Gegner bittet, einen Zug zurückzunehmen. Antworte mit annehmen oder ablehnen.
online-takeback-proposed = Du bittest, deinen letzten Zug zurückzunehmen.
online-takeback-declined = Die Zugrücknahme ist abgelehnt.
online-opponent-gone = Dein Gegner hat die Partie verlassen. { $seconds ->
    [0] Du kannst den Sieg beanspruchen: tippe beanspruchen.
   *[other] Du kannst den Sieg in { $seconds } Sekunden beanspruchen: tippe dann beanspruchen.
}
online-opponent-back = Dein Gegner ist zurück.
online-chat = { $user } schreibt: { $text }
online-chat-sent = An den Chat gesendet.
online-connection-lost = Die Verbindung zu lichess ist abgerissen; ein neuer Versuch läuft.
online-connection-back = Wieder mit lichess verbunden.
online-no-token = Kein lichess-Token: tippe online anmelden, oder setze LICHESS_TOKEN.
online-not-secure = Das Token wird nur über HTTPS gesendet, oder für Tests an diesen Rechner; { $url } ist keines von beiden. Setze lichessadresse auf https://lichess.org.
online-offline = lichess ist nicht erreichbar; annabella läuft ohne weiter.
online-unauthorized = lichess hat das Token abgelehnt: es ist falsch, widerrufen oder hat nicht die Rechte board:play, challenge:read und challenge:write. Tippe online anmelden für ein neues.
online-rate-limited = lichess bittet nach zu vielen Anfragen um eine Pause: { $seconds } Sekunden lang wird nichts gesendet.
online-status = lichess hat mit Fehler { $code } abgelehnt{ $reason ->
    [none] .
   *[other] : { $reason }.
}
online-bad-answer = Die Antwort von lichess war nicht lesbar.
online-no-game = Hier läuft keine lichess-Partie. Tippe suchen oder herausfordern, um eine zu beginnen.
online-not-online = Nicht während einer lichess-Partie: beende sie zuerst, mit aufgeben oder, bevor beide gezogen haben, abbrechen.
online-opponent-to-move = Auf lichess ist dein Gegner am Zug.
online-nothing-to-claim = Es gibt nichts zu beanspruchen: dein Gegner hat die Partie nicht verlassen.
online-draw-offer-sent = Du bietest auf lichess Remis an.
online-token-unreadable = Die lichess-Token-Datei war nicht lesbar: { $why }. Tippe online anmelden, um das Token neu einzugeben.
online-token-invalid = { $env ->
    [yes] LICHESS_TOKEN
   *[no] Die lichess-Token-Datei
} enthält kein Token: ein lichess-Token ist ein Wort aus Buchstaben und Ziffern. Tippe online anmelden, um es neu einzugeben.
prompt-token = lichess-Token>

## Spracheingabe
help-listen = zuhören, zuhören an oder zuhören aus: Züge und Befehle ins Mikrofon sprechen; allein schaltet es um.
help-microphones = mikrofone: die Mikrofone, die es gibt, und das, welches die Einstellung mikrofon nennt.
help-display = anzeige, anzeige brett oder anzeige text: was die Braillezeile zeigt, das Brett (eine Reihe je Zeile, ein Feld je Modul) oder was annabella sagte; allein schaltet es um.
setting-listen = Auf das Mikrofon hören, für Züge, Befehle und Antworten.
setting-listenconfirm = Einen gehörten Zug vorlesen, bevor er gespielt wird: an, aus, oder auto (nur wenn unsicher).
setting-microphone = Das Mikrofon, auf das gehört wird: standard, oder ein Name, wie mikrofone ihn nennt.
setting-voicemodel = Das Whisper-Modell, das zuhört: auto (die installierten) oder der Ordner eines anderen.
setting-braille = Die Braillezeile über BRLTTY: auto nimmt sie, wenn BRLTTY antwortet, ein sagt einmal, wenn es nicht geht.
ask-heard-move = { $move }?
ask-heard-either = { $choices }?
ask-heard-command = { $command }? Ja oder nein.
voice-heard = Gehört: { $words }
voice-not-understood = Nicht verstanden. Bitte noch einmal, etwas langsamer, sagen oder tippen.
voice-listening = Ich höre zu.
voice-not-listening = Ich höre nicht mehr zu.
voice-dropped = Nicht ausgeführt.
voice-not-built = Diese Version hat keine Spracheingabe; annabella geht mit der Tastatur weiter.
voice-no-model = Es ist kein Sprachmodell installiert (/usr/share/annabella/voice-models holt die von Whisper, in einem Checkout scripts/voice-models); annabella geht mit der Tastatur weiter.
voice-model-missing = In { $folder } liegt kein Sprachmodell: Setze sprachmodell auf den Ordner eines Whisper-Modells oder auf auto; annabella geht mit der Tastatur weiter.
voice-model-broken = Das Sprachmodell in { $folder } ist nicht lesbar (beschädigt oder kein Whisper-Modell im Format von CTranslate2); annabella geht mit der Tastatur weiter.
voice-no-microphone = Kein Mikrofon gefunden; annabella geht mit der Tastatur weiter.
voice-no-such-microphone = Ein Mikrofon namens { $name } gibt es nicht; vorhanden sind: { $list }.
voice-no-such-microphone-none = Ein Mikrofon namens { $name } gibt es nicht, und dieser Computer hat gar keins.
voice-failed-sound-system = Das Soundsystem antwortet nicht, darum ist kein Mikrofon zu finden; annabella geht mit der Tastatur weiter.
voice-failed-unopenable = Das Mikrofon lässt sich nicht öffnen: Vielleicht benutzt es ein anderes Programm, oder wähle mit einstellen mikrofon ein anderes; annabella geht mit der Tastatur weiter.
voice-failed-stopped = Das Mikrofon ist verstummt, vielleicht wurde es abgesteckt; annabella geht mit der Tastatur weiter, und zuhören versucht es erneut.
voice-failed-recogniser = Die Spracherkennung startet nicht (vielleicht ist ihr Modell beschädigt); annabella geht mit der Tastatur weiter.
voice-failed-no-thread = Das System kann das Zuhören gerade nicht starten (laufen zu viele Programme?); annabella geht mit der Tastatur weiter.
voice-ended = Die Aufnahme, auf die gehört wurde, ist zu Ende.
voice-microphones = Mikrofone: { $list }. In Gebrauch: { $chosen }.
hear-bad-fen = Keine Stellung: { $fen }. Gib eine FEN wie rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 an.
sound-file-unreadable = { $file } ist nicht lesbar ({ $why }); gib eine PCM-WAV-Datei an, 8 bis 48 kHz, 16 Bit oder Gleitkomma.
sound-file-not-wav = { $file } ist keine WAV-Datei oder beschädigt; gib eine PCM-WAV-Datei an, 8 bis 48 kHz, 16 Bit oder Gleitkomma.
sound-file-format = { $file } enthält Ton im Format { $kind }; gib eine PCM-WAV-Datei an, 8 bis 48 kHz, 16 Bit oder Gleitkomma.
sound-file-rate = { $file } hat { $rate } Hz; gib eine PCM-WAV-Datei an, 8 bis 48 kHz, 16 Bit oder Gleitkomma.

## Die Braillezeile
display-board = Brett auf der Braillezeile.
display-text = Text auf der Braillezeile.
display-picked = { $piece } { $square }.
display-dropped = { $piece } { $square } losgelassen.
display-connected = Braillezeile mit { $cols } Modulen{ $rows ->
    [1] {""}
   *[other] {" "}in { $rows } Zeilen
}.
display-lost = Die Braillezeile ist weg; annabella geht ohne sie weiter und nimmt sie wieder, sobald BRLTTY wieder da ist.
display-not-built = Diese Version hat keine Braillezeile; annabella geht ohne sie weiter.
display-no-brltty = Keine Braillezeile: BRLTTY antwortet nicht (läuft es, und darfst du seinen Schlüssel lesen?); annabella geht ohne sie weiter.
display-not-allowed = Keine Braillezeile: BRLTTY hat annabellas Schlüssel abgelehnt (BRLAPI_AUTH); annabella geht ohne sie weiter.
display-no-display = Keine Braillezeile: BRLTTY läuft ohne eine; annabella geht ohne sie weiter und nimmt sie, sobald sie da ist.
display-no-thread = Keine Braillezeile: das System gab annabella keinen Thread dafür; annabella geht ohne sie weiter.
display-brltty-error = Keine Braillezeile: BRLTTY antwortete mit einem Fehler; annabella geht ohne sie weiter.

## The command line's help, the man page and the completions (annabella
## --help, annabella generate man|completions).
cli-about = Ein Schachprogramm für blinde und sehbehinderte Spieler: Züge werden angesagt, wie es die FIDE-Regeln verlangen (Springer Felix drei), und in algebraischer Notation, als Koordinaten oder in Worten eingegeben.
cli-long-about = Ein Schachprogramm für blinde und sehbehinderte Spieler: Züge werden angesagt, wie es die FIDE-Regeln verlangen (Springer Felix drei), als Text, gesprochen und auf einer Braillezeile, und in algebraischer Notation, als Koordinaten oder in Worten eingegeben oder ins Mikrofon gesprochen. Zeilen kommen vom Terminal oder, wenn sie eine Pipe ist, von der Standardeingabe (ohne Eingabeaufforderung; annabella endet am Ende der Eingabe). Gespielt wird gegen die eingebaute Engine, eine externe UCI-Engine, einen zweiten Menschen an der Tastatur oder auf lichess.
opt-fen = Mit dieser Stellung beginnen (FEN; für Chess960 Rochaderechte als X-FEN oder Shredder-FEN).
opt-chess960 = Chess960 aus Startstellung N (0 bis 959) oder einer zufälligen spielen.
opt-engine = Eine externe UCI-Engine als Gegner (Programm und Argumente), etwa /usr/games/stockfish.
opt-engine-option = Eine Option für die externe Engine, etwa Hash=64 (wiederholbar).
opt-elo = Spielstärke des Gegners in Elo: UCI_Elo bei einer externen Engine, die es anbietet, sonst die nächste eingebaute Stufe.
opt-seed = Startwert für Zufallsentscheidungen (zufällige Chess960-Stellungen, Farben, absichtliche Fehler der Engine).
opt-data-dir = Wo Partien aufbewahrt werden (Vorgabe: das Datenverzeichnis der Plattform, ~/.local/share/annabella).
opt-config = Die Einstellungsdatei (Vorgabe: settings.toml im Konfigurationsverzeichnis der Plattform, ~/.config/annabella).
opt-resume = Die unbeendete Partie des letzten Laufs ohne Nachfrage fortsetzen.
opt-new = Ohne Nachfrage eine neue Partie beginnen; eine unbeendete bleibt gespeichert.
opt-listen-from = Eine Aufnahme (WAV) in Echtzeit als Mikrofon hören, oder eine benannte Pipe, in die ein Programm einen WAV-Strom schreibt; für Tests und zum Üben. Zuhören ist an.
opt-setting = { $about } Werte: { $allowed }. [Vorgabe: { $default }]
opt-help = Hilfe ausgeben (--help sagt mehr als -h).
opt-version = Die Version ausgeben.
hear-about = Erkennt eine Aufnahme ohne Partie, wie die Spracheingabe sie hören würde.
hear-long-about = Erkennt eine Aufnahme ohne Partie, wie die Spracheingabe sie in dieser Stellung hören würde, und gibt je Äußerung eine durch Tabulatoren geteilte Zeile aus: Anfang und Ende in Sekunden, Art (move, command oder none), Wert (der Zug in UCI, das englische Wort des Befehls oder -), Sicherheit und die gehörten Worte.
hear-file = Die Aufnahme: PCM-WAV, 8 bis 48 kHz, mono oder stereo, 16 Bit oder Gleitkomma.
hear-fen = Die Stellung, in der die Züge gehört werden (FEN), sonst die Grundstellung.
hear-lang = Die Sprache neben Englisch und den deutschen Wörtern der FIDE (de, en oder et); sonst die der Einstellungsdatei, sonst die der Umgebung.
hear-chess960 = Die Rochaderechte der FEN sind die von Chess960.
hear-data-dir = Wie beim Programm selbst; hear bewahrt nichts auf.
hear-config = Wie beim Programm selbst (seine Sprache gilt, wenn --lang fehlt).
uci-about = Startet die eingebaute Engine als UCI-Engine, für Schachprogramme und Turnierwerkzeuge.
generate-about = Schreibt die Handbuchseite oder die Vervollständigung einer Shell auf die Standardausgabe.
generate-man = Schreibt die Handbuchseite annabella(1) in roff auf die Standardausgabe.
generate-man-lang = Die Sprache der Seite: de, en oder et (Vorgabe: die der Umgebung).
generate-completions = Schreibt die Vervollständigung einer Shell auf die Standardausgabe.
generate-shell = Die Shell: bash, zsh, fish, elvish oder powershell.
output-failed = annabella: die Ausgabe kann nicht geschrieben werden: { $why }.
flag-not-one-of = { $flag } nimmt { $allowed }, nicht { $value }.
man-manual = Benutzerbefehle
man-name = BEZEICHNUNG
man-synopsis = ÜBERSICHT
man-description = BESCHREIBUNG
man-options = OPTIONEN
man-subcommands = UNTERBEFEHLE
man-commands = BEFEHLE
man-commands-intro = An der Eingabeaufforderung getippt oder ins Mikrofon gesprochen. Jeder Befehl wird auf Englisch, Deutsch und Estnisch verstanden, gleich in welcher Sprache die Oberfläche ist; die deutschen und estnischen Wörter stehen in Klammern. Ein Zug wird geschrieben, wie er notiert wird (e4, Sf3, O-O), als Koordinaten (g1f3) oder in Worten (Springer Felix drei).
man-settings = EINSTELLUNGEN
man-settings-intro = Jede Einstellung wird an der Eingabeaufforderung mit set SCHLÜSSEL WERT geändert (in jeder der drei Sprachen), für einen Lauf mit der Option --SCHLÜSSEL WERT und dauerhaft in settings.toml als SCHLÜSSEL = "WERT" mit dem englischen Schlüssel. settings zeigt sie mit ihren Werten.
man-files = DATEIEN
man-file-settings = Die Einstellungen, von set geschrieben; bei jedem Start gelesen.
man-file-token = Das lichess-Token, nur für Sie lesbar.
man-file-current = Die laufende Partie, daneben current.journal: jeder beantwortete Zug steht auf der Platte, bevor er gesagt wird.
man-file-games = Gespeicherte Partien (save NAME), je eine NAME.json.
man-file-voice = Die Whisper-Modelle der Spracheingabe.
man-file-voice-models = Holt die Whisper-Modelle der Spracheingabe (etwa 220 MB, mit pip) ins Datenverzeichnis.
man-environment = UMGEBUNG
man-env-lang = Die Sprache der Oberfläche, wenn weder --lang noch die Einstellungsdatei eine nennt: de* Deutsch, et* Estnisch, alles andere Englisch.
man-env-xdg = Wo Einstellungen und Partien aufbewahrt werden (Vorgabe ~/.config und ~/.local/share).
man-env-no-color = Beachtet, indem nie eingefärbt wird: annabella gibt keine Farben aus.
man-env-token = Ein lichess-Token, das statt der Token-Datei gilt.
man-env-brlapi = Wo BrlAPI von BRLTTY lauscht und sein Schlüssel, für die Braillezeile.
man-env-louis = Wo liblouis seine Tabellen findet, für das Braille-Partieformular (brf).
man-env-speechd = Wo Speech Dispatcher lauscht, für die Sprachausgabe.
man-env-voice = Der Ordner der Whisper-Modelle, statt voice/ im Datenverzeichnis.
man-exit-status = EXIT-STATUS
man-exit-0 = Nach quit oder am Ende der Eingabe.
man-exit-1 = Die Ausgabe kann nicht geschrieben werden, oder annabella hear kann seine Aufnahme nicht lesen.
man-exit-2 = Eine Option ist nicht verwendbar, oder --fen oder --chess960 ist keine Stellung; was falsch ist, steht auf der Standardfehlerausgabe.
man-examples = BEISPIELE
man-example-start = Mit Weiß gegen die eingebaute Engine auf Stufe 5; eine unbeendete Partie wird zuerst angeboten.
man-example-german-clock = Die Oberfläche auf Deutsch, mit einer Uhr von 15 Minuten und 10 Sekunden Zugabe je Zug.
man-example-stockfish = Gegen Stockfish mit etwa 1500 Elo.
man-example-human = Zwei Menschen an einer Tastatur, oder ein blinder Spieler mit einem Helfer, der die Züge beider Seiten tippt.
man-example-screenreader = Keine eigene Sprachausgabe, für einen Bildschirmleser, der das Terminal liest, und Zeilen von 40 Zeichen für eine Braillezeile.
man-example-pipe = Eine neue Partie aus einem Skript: Züge und Befehle aus einer Pipe, die Antworten als einfache Zeilen.
man-example-hear = Was die Spracheingabe in einer Aufnahme hört.
man-see-also = SIEHE AUCH
man-see-also-readme = Das README, mit jedem Befehl, jeder Einstellung und einer ersten Partie: /usr/share/doc/annabella/README.md im Debian-Paket.

## Die Analyse einer Partie und die Eröffnung mit Namen

help-opening = eröffnung: die Eröffnung der Partie mit Namen und ECO-Code, wie lichess sie nennt.
help-review = analyse: die Engine geht eine beendete oder geladene Partie durch und sagt dann die Eröffnung, die Ungenauigkeiten, Fehler und groben Fehler jeder Seite mit einer Genauigkeit, und die Wendepunkte. analyse NAME analysiert eine gespeicherte Partie. analyse weiter, analyse zurück und analyse N gehen die Wendepunkte durch und zeigen die Stellung dort; analyse linie sagt die bessere Fortsetzung.
help-stop = stopp: beendet die laufende Analyse; was sie gefunden hat, bleibt, und analyse macht dort weiter.
setting-opening = Den Namen der Eröffnung einmal sagen, wenn die Partie die letzte benannte Stellung verlässt.
setting-reviewdepth = Wie tief analyse jede Stellung durchrechnet, in Halbzügen (1 bis 30).
review-opening = Eröffnung: { $name } ({ $eco }).
review-no-opening = Die Stellungen dieser Partie haben keinen Eröffnungsnamen: sie begann nicht aus der Grundstellung, oder ihr erster Zug hat keinen.
review-started = Analyse von { $positions ->
    [one] 1 Stellung
   *[other] { $positions } Stellungen
} mit { $engine ->
    [builtin] der eingebauten Engine
   *[other] { $engine }
}. Das Brett lässt sich derweil lesen; stopp beendet sie.
review-progress = Analyse zu { $percent } Prozent fertig.
review-stopped = Analyse nach { $done } von { $total } Stellungen angehalten. Was sie gefunden hat, bleibt; analyse macht dort weiter.
review-engine-failed = Die Analyse geht mit der eingebauten Engine weiter.
review-side = { $color }: { $inaccuracies ->
    [0] keine Ungenauigkeit
    [one] 1 Ungenauigkeit
   *[other] { $inaccuracies } Ungenauigkeiten
}, { $mistakes ->
    [0] kein Fehler
   *[other] { $mistakes } Fehler
}, { $blunders ->
    [0] kein grober Fehler
    [one] 1 grober Fehler
   *[other] { $blunders } grobe Fehler
}; { $accuracy ->
    [-1] keine Genauigkeit: kein Zug bewertet.
   *[other] Genauigkeit { $accuracy } Prozent.
}
review-missing = { $missing ->
    [one] 1 Stellung wurde
   *[other] { $missing } Stellungen wurden
} nicht bewertet; analyse bewertet sie.
review-turning-count = { $count ->
    [one] 1 Wendepunkt; analyse weiter zeigt ihn.
   *[other] { $count } Wendepunkte; analyse weiter geht sie durch.
}
review-turning = Zug { $number }, { $color }: { $move }, { $judgement ->
    [inaccuracy] eine Ungenauigkeit
    [mistake] ein Fehler
   *[blunder] ein grober Fehler
}.
review-better = Besser war { $move }.
review-chances = Die Gewinnchancen von { $side ->
    [white] Weiß
   *[black] Schwarz
} stiegen von { $before } auf { $after } Prozent.
review-eval-pawns = { $color } steht etwa { $pawns ->
    [one] einen Bauern
   *[other] { $pawns } Bauern
} besser.
review-line = Bessere Fortsetzung: { $line }.
review-no-line = Die Engine nannte hier keine bessere Fortsetzung.
review-no-turning = Kein Fehler und kein grober Fehler in dieser Partie.
review-no-moves = Diese Partie hat keine Züge zum Analysieren.
review-running = Die Partie läuft noch; analysiere sie, wenn sie beendet ist, oder lade eine gespeicherte mit analyse NAME.
review-busy = Eine Analyse läuft; stopp beendet sie.
review-not-reviewed = Diese Partie ist noch nicht analysiert; tippe analyse.
review-no-such-point = Es gibt keinen Wendepunkt { $asked }; diese Analyse hat { $count }.
review-at-last = Das war der letzte Wendepunkt; analyse zurück geht zum vorigen.
review-at-first = Das ist der erste Wendepunkt; analyse weiter geht weiter.
review-no-point-shown = Kein Wendepunkt wird gezeigt; analyse weiter zeigt den ersten.
review-nothing-to-stop = Es läuft nichts, was sich anhalten ließe.
review-not-here = Die Partie auf lichess läuft noch; analysiere sie, wenn sie beendet ist.
