# annabella — eestikeelne kasutajaliides.
# Stiili `fide` käigusõnad tulevad alati saksa failist.
# Käsusõnad tulevad käsutabelist (src/input/commands.rs): eesti, inglise
# ja saksa sõnad kehtivad alati; eesti malendite nimed, reanumbrid ja
# värvid on sisendis samuti arusaadavad.

## Malendid, ruudud ja värvid

piece-king = kuningas
piece-queen = lipp
piece-rook = vanker
piece-bishop = oda
piece-knight = ratsu
piece-pawn = ettur
pieces-king = kuningad
pieces-queen = lipud
pieces-rook = vankrid
pieces-bishop = odad
pieces-knight = ratsud
pieces-pawn = etturid
letter-king = K
letter-queen = L
letter-rook = V
letter-bishop = O
letter-knight = R
letter-pawn = E
# FIDE ja NATO liininimed on kõigis keeltes samad.
file-fide-a = Anna
file-fide-b = Bella
file-fide-c = Cesar
file-fide-d = David
file-fide-e = Eva
file-fide-f = Felix
file-fide-g = Gustav
file-fide-h = Hector
rank-1 = üks
rank-2 = kaks
rank-3 = kolm
rank-4 = neli
rank-5 = viis
rank-6 = kuus
rank-7 = seitse
rank-8 = kaheksa
file-nato-a = alfa
file-nato-b = bravo
file-nato-c = charlie
file-nato-d = delta
file-nato-e = echo
file-nato-f = foxtrot
file-nato-g = golf
file-nato-h = hotel
square-words = { $file } { $rank }
color-white = Valge
color-black = Must

## Käigud

move-to = { $piece } { $to }
move-takes = { $piece } lööb { $to }
move-from-to = { $piece } { $from } ruudule { $to }
move-from-takes = { $piece } { $from } lööb { $to }
move-full = { $piece } ruudult { $from } ruudule { $to }
# Löödud malend on sihitis (omastav kääne): lööb vankri, lööb lipu.
move-full-takes = { $move }, lööb { $captured ->
    [kuningas] kuninga
    [lipp] lipu
    [vanker] vankri
    [ettur] etturi
   *[other] { $captured }
  }
move-en-passant = { $move } möödaminnes
# Muundumine: saav kääne (lipuks, vankriks, odaks, ratsuks).
move-promotion = { $move }, muundub { $piece ->
    [lipp] lipuks
    [vanker] vankriks
    [oda] odaks
    [ratsu] ratsuks
   *[other] { $piece }
  }
move-check = { $move }, šahh
move-double-check = { $move }, topeltšahh
move-mate = { $move }, matt
castle-short = lühike vangerdus
castle-long = pikk vangerdus
announce-move = { $number }. { $color }: { $move }

## Mängu lõpp ja seis

game-over-win = Mäng on läbi: { $result }, { $winner } võitis { $reason }.
game-over-draw = Mäng on läbi: { $result }, viik { $reason }.
# A record gave the result but not why.
game-over-won = Mäng on läbi: { $result }, { $winner } võitis.
game-over-drawn = Mäng on läbi: { $result }, viik.
# Kuidas tulemust öeldakse; tekst jätab 1-0, 0-1 ja 1/2-1/2.
result-said-white = üks null
result-said-black = null üks
result-said-draw = pool punkti kummalegi
reason-checkmate = matiga
reason-resignation = vastase alistumisega
reason-time-forfeit = vastase ajaületusega
reason-stalemate = patiga
reason-dead-position = surnud seisu tõttu
reason-agreement = kokkuleppel
reason-threefold = seisu kolmekordse kordumisega
reason-fifty-move = viiekümne käigu reegli järgi
reason-fivefold = seisu viiekordse kordumisega
reason-seventy-five-move = seitsmekümne viie käigu reegli järgi
reason-timeout-insufficient = ajaületusega, kui vastasel pole matiks piisavalt materjali
status-running = { $color } on käigul, { $number }. käik.
status-check = Šahh.
prompt-turn = { $color ->
    [Must] Musta
   *[other] Valge
  } käik>
prompt-over = Mäng on läbi>
greeting-start = annabella, male pimedatele ja vaegnägijatele. Käsud annab abi.
new-game = Uus mäng.
new-game-960 = Uus Chess960 mäng, algseis { $number }. Valge a-st h-ni: { $pieces }; must peegeldab seda.

## Keeldumised

refuse-game-over = Mäng on läbi. Uue mängu alustab uus, käigu võtab tagasi tagasi.
refuse-not-a-move = See ei ole käik. Kuidas käike sisestada, ütleb abi.
refuse-not-your-turn = Seda käiku saaks teha ainult { $otherside ->
    [black] must
   *[white] valge
  } { $name }; käigul on { $color ->
    [Must] must
   *[other] valge
  }.
refuse-no-piece-on = Ruudul { $square } ei ole sinu malendit.
refuse-wrong-piece-on = Ruudul { $square } on { $foundname }, mitte { $expectedname }.
# Eitav lause: osastav kääne (ratsut, lippu, vankrit).
refuse-no-such-piece = Sul ei ole { $role ->
    [king] kuningat
    [queen] lippu
    [rook] vankrit
    [bishop] oda
    [knight] ratsut
   *[pawn] etturit
  }{ $where }.
where-file = {" "}liinil { $file }
where-rank = {" "}real { $rank }
where-square = {" "}ruudul { $square }
refuse-own-piece = Ruudul { $square } seisab sinu enda { $name }.
refuse-king-in-check = Sinu kuningas jääks šahi alla: šahhi annaks { $name } ruudult { $square }.
refuse-cannot-reach = Ükski { $name } ei pääse ruudule { $to }.
refuse-cannot-reach-from = Ruudul { $from } seisev { $name } ei pääse ruudule { $to }.
refuse-cannot-reach-any = Ükski sinu malend ei pääse ruudule { $to }.
refuse-nothing-to-capture = Ruudul { $square } ei ole midagi lüüa.
refuse-no-promotion = See käik ei ole muundumine; muunduda saab ainult viimasele reale jõudev ettur.
refuse-castling-king-moved = { $castling } ei ole enam lubatud: sinu kuningas on juba käinud.
refuse-castling-rook-moved = { $castling } ei ole enam lubatud: see vanker on juba käinud või löödud.
refuse-castling-no-right = { $castling } ei ole selles seisus lubatud.
refuse-castling-in-check = { $castling } ei ole praegu võimalik: sinu kuningas on šahi all.
refuse-castling-occupied = { $castling } ei ole praegu võimalik: ruut { $square } on hõivatud.
refuse-castling-attacked = { $castling } ei ole praegu võimalik: ruut { $square } on vastase tule all.
refuse-no-castling = Praegu pole ükski vangerdus võimalik: lühike mitte, sest { $short }, ja pikk mitte, sest { $long }.
refuse-no-castling-both = Praegu pole ükski vangerdus võimalik, sest { $why }.
castling-why-king-moved = sinu kuningas on juba käinud
castling-why-rook-moved = selle vanker on juba käinud või löödud
castling-why-no-right = seis seda ei luba
castling-why-in-check = sinu kuningas on šahi all
castling-why-occupied = ruut { $square } on hõivatud
castling-why-attacked = ruut { $square } on vastase tule all
input-understood = Sain aru: { $words }.
not-understood = Ei saanud aru: { $input }. Käsud annab abi.
not-understood-suggest = Ei saanud aru: { $input }. Kas mõtlesid { $suggestion }?
piece-alone = Kuhu peaks { $name } minema? Kirjuta see koos ruuduga, näiteks { $name } { $square }.
piece-alone-stuck = Kuhu peaks { $name } minema? { $count ->
    [one] See ei saa praegu käia.
   *[other] Ükski neist ei saa praegu käia.
  }

## Küsimused

ask-which = Milline { $name }: { $choices }?
ask-which-any = Milline malend: { $choices }?
ask-which-piece = { $name } ruudul { $square }
ask-castling = Lühike või pikk vangerdus?
ask-promotion = Milleks muundub ettur ruudul { $square }: lipuks, vankriks, odaks või ratsuks?
answer-not-fitting = See ei vasta küsimusele.
answer-not-understood = Ei saanud aru: { $input }.
list-or = { $first } või { $last }

## Vastused käskudele

square-empty = { $square }: tühi.
square-piece = { $square }: { $piece }.
last-none = Käike veel ei ole.
history-both = { $number }. Valge: { $white }; Must: { $black }
history-white = { $number }. Valge: { $white }
history-black = { $number }. Must: { $black }
undo-done = Tagasi võetud: { $move }.
undo-reopened = Mäng on jälle pooleli.
nothing-to-undo = Tagasi võtta pole ühtegi käiku.
draw-offered = { $color } pakub viiki. Vasta nõus või keeldun.
draw-declined = { $color ->
    [Must] Musta
   *[other] Valge
  } viigipakkumine on tagasi lükatud.
draw-declined-engine = Pakud viiki; mootor keeldub ja mäng jätkub.
no-draw-offer = Viigipakkumist, millele vastata, ei ole.
claim-refused = Viiginõue lükati tagasi: see seis on esinenud { $count ->
    [one] üks kord
   *[other] { $count } korda
  } ja { $moves ->
    [one] üks käik on tehtud
   *[other] { $moves } käiku on tehtud
  } ilma löögi ja etturikäiguta. Mäng jätkub.
claim-move-stays = Käik jääb kehtima.
board-side = { $color }: { $pieces }
setting-changed = { $key } on nüüd { $value }.
setting-line = { $key }: { $value }
unknown-setting = Seadet { $key } ei ole. Seaded: { $keys }.
bad-value = { $key } ei saa olla { $value }. Vali { $allowed }.
set-usage = Kasuta määra VÕTI VÄÄRTUS, näiteks määra stiil san.
chess960-number = Chess960 algseisud on nummerdatud 0 kuni 959, või juhuslik; { $value } ei ole ükski neist.
# Käsurea vead (standardveaväljundisse, --lang keeles).
flag-bad-time = { $flag }: { $why }
flag-not-a-number = { $flag } vajab täisarvu, mitte { $value }.
flag-unknown = Valikut { $flag } ei ole.
flag-unknown-suggest = Valikut { $flag } ei ole; kas mõtlesid { $suggestion }?
flag-stray = { $word } ei ole valik; valikud algavad kahe sidekriipsuga, näiteks --lang.
flag-missing-value = Valiku { $flag } järel puudub väärtus.
flag-missing-argument = { $what } puudub.
flag-conflict = { $flag } ja { $other } ei sobi kokku.
flag-not-fen = { $value } ei ole FEN; anna näiteks rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1.
flag-illegal-position = { $value } ei ole lubatud seis: kontrolli kuningaid, ettureid esimesel või viimasel real ja vangerdusõigusi.
flag-engine-option = --engine-option { $value } vajab nime ja väärtust, näiteks --engine-option Hash=64.
flag-other = Nende valikutega annabella ei käivitu: { $args }.
flag-help = annabella --help loetleb kõik valikud.
unknown-help = Käsku { $topic } ei ole. Loendi annab abi.
missing-square = { $command } vajab ruutu.
missing-rank = { $command } vajab rida.
missing-file = { $command } vajab liini.
missing-piece = { $command } vajab malendi liiki.
missing-argument = { $command } vajab rohkem andmeid.
missing-value = { $key } vajab väärtust: { $allowed }.
out-of-range = { $command } võtab arvu { $min } kuni { $max }, mitte { $value }.
missing-drill = { $command } vajab harjutuse liiki.
missing-challenge = { $command } vajab lichessi kasutajat või ai-d ja ajakontrolli.
missing-seek = { $command } vajab ajakontrolli.
missing-say = { $command } vajab teksti.
missing-load = { $command } vajab salvestatud partii nime või PGN-faili.
missing-brf = { $command } vajab failinime, näiteks brf partii.brf.
missing-fen = minu laud fen vajab järele FEN-i. Näiteks: minu laud fen 4k3/8/8/8/8/8/8/4K3
missing-peeks = pimesi sees piilumisi vajab lubatud piilumiste arvu, { $min } kuni { $max }: pimesi sees piilumisi 20.
missing-ai-level = kutsu ai vajab taset 1 kuni 8, siis ajakontrolli: kutsu ai 3 5+3.
missing-challenge-clock = kutsu vajab ka ajakontrolli, minutid+sekundid: kutsu Anna 10+5 või kutsu ai 3 5+3.
bad-argument = Ootamatu: { $argument }.
quit-goodbye = Head aega.

## Laua lugemine

piece-colored = { $color ->
    [white] valge
   *[black] must
  } { $name }
line-rank = Rida { $rank }
line-file = Liin { $file }
line-diagonal = Diagonaal { $from } kuni { $to }
line-cells = { $line }: { $cells }.
cell-piece = { $square } { $piece }
cell-empty = { $square } tühi
cell-empty-run = { $from } kuni { $to } tühjad
where-found = { $color ->
    [white] { $count ->
        [one] Valge
       *[other] Valged
      }
   *[black] { $count ->
        [one] Must
       *[other] Mustad
      }
  } { $name }: { $squares }.
# Eitav lause: osastav kääne (valget lippu, musta ratsut).
where-none = { $color ->
    [white] Valget
   *[black] Musta
  } { $role ->
    [king] kuningat
    [queen] lippu
    [rook] vankrit
    [bishop] oda
    [knight] ratsut
   *[pawn] etturit
  } ei ole.
list-none = ei ühtegi
attackers-occupied = { $square }, { $piece }. Ründavad: { $attackers }. Kaitsevad: { $defenders }.
attackers-empty = { $square }, tühi. Valge: { $white }. Must: { $black }.
moves-all = { $count ->
    [one] Üks võimalik käik
   *[other] { $count } võimalikku käiku
  }: { $moves }.
moves-all-none = { $side ->
    [white] Valgel
   *[black] Mustal
  } ei ole ühtegi võimalikku käiku.
moves-not-on-move = { $square }, { $piece }: { $color } ei ole käigul.
count-pieces = { $count } { $count ->
    [one] { $name }
   *[other] { $role ->
        [king] kuningat
        [queen] lippu
        [rook] vankrit
        [bishop] odat
        [knight] ratsut
       *[pawn] etturit
      }
  }
moves-none = { $square }, { $piece }: võimalikke käike ei ole.
moves-piece = { $square }, { $piece }, { $count ->
    [one] üks käik
   *[other] { $count } käiku
  }: { $moves }.
material-level = Materjal on võrdne, kummalgi { $units ->
    [one] üks etturiühik
   *[other] { $units } etturiühikut
  }.
material-ahead = { $color } on { $units ->
    [one] ühe etturiühiku
   *[other] { $units } etturiühiku
  } võrra ees.
material-extra = { $color ->
    [Must] Mustal
   *[other] Valgel
  } on rohkem: { $pieces }.

## Abi

help-intro = Käsud: { $commands }. Ka ingliskeelsed ja saksakeelsed käsud kehtivad. Lähemalt: abi ja käsu nimi.
help-move-input = Käigud: algebralises notatsioonis eesti tähtedega K, L, V, O, R (kuningas, lipp, vanker, oda, ratsu: Rf3, exd5, O-O, e8=L), ka inglise või saksa tähtedega (Nf3, Sf3; kui R või L tähendaks seal teist malendit ja mõlemad käigud on võimalikud, küsitakse, kumba mõtled), koordinaatidena (g1-f3, e2-e4) või sõnadega (ratsu f3, ettur lööb d5, vangerdus, lühike vangerdus, Springer Felix drei).
help-help = abi, või abi ja käsu nimi: selgitab käske.
help-quit = lõpeta või välju: lõpetab annabella töö.
help-new = uus: uus mäng; uus valge, uus must või uus juhuslik: selle poolega mootori vastu. uus 960: Chess960 mäng juhuslikust algseisust; uus 960 ja arv 0 kuni 959: see algseis. uus aeg 5+3: selle ajakontrolliga (iga, mida määra aeg võtab).
help-board = laud: kogu laud seade lauastiil järgi (loend, read või ruudud).
help-status = seis: kes on käigul ja mitmes käik, või mängu tulemus.
help-fen = fen: seis Forsyth-Edwardsi notatsioonis.
help-pgn = pgn: mängu kirje PGN-vormingus.
help-brf = brf FAIL (ka punktkirjablankett): kirjutab mängu punktkirjas partiiblanketina (BRF-fail punktkirjaprinteri või märkmikseadme jaoks): mängijad, turniir, kuupäev ja tulemus, siis üks käigupaar real, koos kellaaegadega, kui mängul oli kell. Read on laius lahtrit pikad (40, kui laius on 0), 25 rida lehel; tabeli valib punktkirjatabel. Olemasoleva faili kohta küsitakse terminalis; skriptist asendatakse see ainult käsuga brf FAIL asenda.
help-last = viimane: viimane käik uuesti.
help-history = partii: kõik käigud, üks rida iga käigunumbri kohta.
help-undo = tagasi: võtab viimase käigu tagasi; mootori vastu mootori vastuse ja sinu käigu.
help-resign = alistun: käigul olev pool alistub; mootori vastu alistud sina.
help-draw = viik: nõuab viiki seisu kolmekordse kordumise või viiekümne käigu reegli järgi, muidu pakub viiki. viik ja käik: teeb käigu ja nõuab viiki, mille see käik toob.
help-accept = nõus: võtab viigipakkumise vastu.
help-decline = keeldun: lükkab viigipakkumise tagasi.
help-set = määra VÕTI VÄÄRTUS: muudab seadet; seaded loetleb need koos väärtustega. Võtmed ja väärtused eesti, inglise või saksa keeles:
help-settings = seaded: kõik seaded ja nende väärtused.
help-square = ruut ja ruut, või ruut küsimärgiga (e4?): mis seal seisab.
help-rank = rida ja number või arvsõna (rida 4, rida neli): mis sellel real seisab.
help-file = liin ja täht või liini nimi (liin e, liin Eva): mis sellel liinil seisab.
help-diagonal = diagonaal ja ruut (diagonaal c1): mis seisab seda ruutu läbivatel diagonaalidel.
help-pieces = nupud, soovi korral valge või must: mõlema poole või ühe poole malendid.
help-where = kus ja malend, soovi korral värviga (kus ratsu, kus must lipp): kus need malendid seisavad.
help-attackers = ründajad ja ruut (ründajad e4): kumma poole millised malendid seda ruutu ründavad ja hõivatud ruudu puhul millised seda kaitsevad.
help-moves = käigud: kõik võimalikud käigud koos nende arvuga; käigud ja ruut (käigud g1): selle malendi võimalikud käigud.
help-material = materjal: materjali vahekord etturiühikutes ja malendid, millest see koosneb.
help-repeat = korda või r: ütleb viimase vastuse uuesti.
control-keys = Saabusid ainult juhtklahvid, näiteks nooleklahv. Sisesta käik või käsk; abi annab käsud.
nothing-to-repeat = Midagi pole veel öeldud.

## Kõne ja heli

notice-speech-unavailable = Ükski kõneteenus ei vastanud; annabella jätkab ilma kõneta.
notice-speech-lost = Kõneväljund lakkas töötamast; annabella jätkab ilma kõneta.
notice-sound-unavailable = Heliseadet ei ole; annabella jätkab ilma helimärkideta.

## Vastased

engine-failed = { $reason ->
    [notstarted] Mootorit { $named } ei õnnestunud käivitada: { $why }
    [refused] Mootor lakkas töötamast, kui sai valiku { $named }
    [starttimeout] Mootor ei vastanud käivitamisel
    [crashed] Mootor lakkas töötamast
    [hung] Mootor ei saatnud õigel ajal käiku
    [illegal] Mootor saatis reeglitevastase käigu { $move }
   *[garbled] Mootor saatis midagi, mis ei ole käik
  }; sisseehitatud mootor võtab üle.
engine-unknown-option = Mootoril pole valikut { $option }; see mängib ilma selleta.
engine-thinking = Mootor mõtleb; vahepeal saad lauda vaadata, näiteks käskudega laud või seis.
hint-move = Vihje: { $move }.
hint-engine-turn = Käik on mootoril; vihje aitab, kui käik on sinul.
eval-equal = Seis on võrdne.
eval-slight = { $color } on veidi paremas seisus.
eval-clear = { $color } on selgelt paremas seisus.
eval-winning = { $color } on võidu lähedal.
eval-mate = { $color } matib { $moves ->
    [one] ühe käiguga
   *[other] { $moves } käiguga
  }.
eval-detail = { $centipawns } sentipanti valge kasuks; põhivariant: { $line }.
eval-line = Põhivariant: { $line }.
opponent-human = Vastane: inimene selle klaviatuuri taga; mõlema poole käigud sisestatakse siin.
opponent-engine = Vastane: sisseehitatud mootor tasemel { $level }, umbes { $elo } Elo. Sinu pool: { $color }.
opponent-external = Vastane: väline mootor, varuks sisseehitatud mootor tasemel { $level }. Sinu pool: { $color }.
help-hint = vihje: käik, mille mootor praegu teeks.
help-eval = hinnang: kuidas seis on; täieliku jutukusega ka sentipandides ja põhivariandiga.

## Seaded

setting-help = { $key }: { $allowed }. { $about }
allowed-range = arv { $min } kuni { $max }
allowed-range-or-zero = 0 või arv { $min } kuni { $max }
allowed-voice = auto, keel nagu de või en-gb, või hääle nimi ühe sõnana
setting-style = Kuidas käike öeldakse: fide ütleb Springer Felix drei, kohalik ratsu f 3, nato ratsu foxtrot 3, san Rf3.
setting-verbosity = Kui palju teade ütleb: lühike ainult käigu, tavaline ka käigu numbri ja värvi, täielik ka lähteruudu, löödud malendi ja šahi.
setting-boardstyle = Kuidas laud lauda näitab: loend värvi ja liigi järgi, read üks rida iga rea kohta, ruudud iga hõivatud ruut.
setting-lang = Kasutajaliidese keel.
setting-autoqueen = Muunda küsimata lipuks.
setting-width = Murra vastused nii mitme märgi järel, näiteks 40 Braille' kuvari jaoks; 0 ilma reamurdmiseta.
setting-brailletable = liblouis'i tabel, millega punktkirjas partiiblankett (brf FAIL) kirjutatakse; auto võtab keele oma: en-ueb-g1.ctb, de-g0-detailed.utb, et-g0.utb.
setting-orientation = Kummalt poolt lauda loetakse; mängija on sinu pool, valge, kui mõlemad mängivad ühe klaviatuuri taga.
setting-speech = Kõneväljund; ekraanilugeja annab ainult teksti, mida sinu ekraanilugeja räägib.
setting-rate = Kõne kiirus; 50 on hääle tavaline kiirus.
setting-speechvolume = Kõne valjus.
setting-voice = Kõne hääl.
setting-sound = Lühikesed helimärgid käikude, löömise, šahi, vangerduse, tagasi lükatud sisendi ja mängu lõpu jaoks.
setting-volume = Helimärkide valjus.
setting-opponent = Kes mängib teist poolt: inimene selle klaviatuuri taga või mootor.
setting-level = Sisseehitatud mootori tase, umbes 650 kuni umbes 2020 Elo.
setting-color = Pool, mida sa mootori vastu mängid.

## Kell
help-clock = kell: mõlemad ajad sõnadega, sinu oma enne (kahekesi mängides valge oma enne); kell valge, kell must, kell minu või kell vastane: üks pool. Mitme perioodi korral ka käigud järgmise ajakontrollini.
help-pause = paus: peatab kella vabas mängus; käike saab edasi teha, aeg ei jookse. jätka paneb kella jälle käima.
help-resume = jätka: peatatud kell käib jälle.
setting-time = Mängude ajakontroll: 5+3 on 5 minutit ja 3 sekundit lisa pärast igat käiku, 0,5+0 on 30 sekundit; 90 d 5 on 5-sekundilise viivitusega, 90 b 5 Bronsteini viivitusega; 40/90, 30+30 on 90 minutit 40 käigu jaoks, siis 30 minutit, 30 sekundit lisa alates esimesest käigust; väljas mängib ilma kellata.
setting-timealerts = Millal sinu kell ise välja öeldakse, järelejäänud sekundites, näiteks 300 60 30 10; väljas: ainult kui küsid käsuga kell.
allowed-time = ajakontroll nagu 5+3, 0,5+0, 90 d 5, 90 b 5 või 40/90, 30+30, või väljas
allowed-seconds = järelejäänud sekundid nagu 300 60 30 10, või väljas
time-hours = { $count ->
    [one] { $count } tund
   *[other] { $count } tundi
}
time-minutes = { $count ->
    [one] { $count } minut
   *[other] { $count } minutit
}
time-seconds = { $count ->
    [one] { $count } sekund
   *[other] { $count } sekundit
}
time-seconds-decimal = { $seconds } sekundit
decimal-separator = ,
clock-you-name = sina
clock-opponent-name = vastane
clock-side = { $who }: { $time }
clock-report = { $sides }.
clock-moves-to-control = { $count ->
    [one] Ajakontrollini on 1 käik.
   *[other] Ajakontrollini on { $count } käiku.
}
clock-is-paused = Kell on peatatud.
clock-alarm = Aega on jäänud { $time }.
clock-alarm-side = { $who }: aega on jäänud { $time }.
clock-paused = Kell peatatud. Käsk jätka paneb selle jälle käima.
clock-resumed = Kell käib jälle.
clock-next-game = Uus ajakontroll kehtib järgmisest mängust; uus alustab selle.
clock-untimed = Sellel mängul pole kella. Ajakontrolli saad valida käsuga määra aeg 5+3 või uus aeg 5+3.
clock-already-paused = Kell on juba peatatud; jätka paneb selle jälle käima.
clock-not-paused = Kell ei ole peatatud; paus peatab selle.
bad-time-control = See pole ajakontroll: { $problem } Näited: 5+3 (5 minutit, 3 sekundit lisa käigu kohta), 0,5+0 (30 sekundit), 90 d 5 (5-sekundiline viivitus), 90 b 5 (Bronsteini viivitus), 40/90, 30+30 (40 käiku 90 minutiga, siis 30 minutit).
control-empty = aega ei antud.
control-not-a-number = { $part } ei ole arv.
control-negative = { $part } on väiksem kui null; ajakontrolli minutid, sekundid ja käigud ei tohi olla negatiivsed.
control-form = { $part } ei ole minutid pluss sekundid, minutid d sekundid, minutid b sekundid ega käigud/minutid.
control-no-time = { $part } ei anna aega.
control-too-large = { $part } on liiga suur: kuni 600 minutit perioodis, 300 sekundit käigu kohta ja 200 käiku.
control-two-bonuses = { $part } annab teise, erineva lisa; üks lisa kehtib kogu mängu jaoks.
control-after-sudden-death = { $part } tuleb pärast perioodi, mis kestab mängu lõpuni.

## Salvestused
help-save = salvesta [nimi]: hoiab mängu nime all (tähed, numbrid, - ja _, kuni 40 märki); nimeta valitakse nimi ise. Käimasolev mäng hoitakse niikuinii alles pärast igat käiku. Sama nimega salvestatud partii kohta küsitakse terminalis; skriptist asendatakse see ainult käsuga salvesta NIMI asenda.
help-load = laadi NIMI: jätkab salvestatud mängu; laadi FAIL.pgn [N]: PGN-faili N-s mäng (vaikimisi esimene), läbimängimiseks käskudega edasi ja tagasi.
help-games = mängud: salvestatud mängud, üks rida igaühe kohta; mängud FAIL.pgn: PGN-faili mängud.
record-offer = Lõpetamata mäng: { $who }, { $number }. käik, { $color } on käigul.
record-offer-question = Kas jätkata? Vasta jah või ei.
prompt-offer = jah või ei>
record-who-builtin = sina mängid { $color } sisseehitatud mootori vastu tasemel { $level }
record-who-external = sina mängid { $color } välise mootori vastu
record-who-human = kaks mängijat selle klaviatuuri taga
record-last = Viimased käigud: { $moves }.
record-resumed = Lõpetamata mäng jätkub.
record-not-resumed = Uus mäng. Lõpetamata mäng jääb salvestatuks; mängud näitab seda.
record-kept-for-later = Mäng on järgmiseks korraks salvestatud.
record-not-replaced = Ei asendatud: { $path } jääb, nagu oli.
record-offer-stands = Vasta jah, et lõpetamata mängu jätkata, või ei uue mängu jaoks.
record-saved = Salvestatud nimega { $name }.
record-kept-aside = Eelmine mäng on salvestatud nimega { $name }; laadi { $name } toob selle tagasi.
record-loaded = { $name } laaditud.
record-games-none = Salvestatud mänge veel pole.
record-game-line = { $name }: { $players }, { $moves ->
    [one] 1 käik
   *[other] { $moves } käiku
}, { $result }, { $date }.
record-unfinished = lõpetamata
record-players = { $white } – { $black }
record-players-unknown = mängijad teadmata
record-player-unknown = tundmatu
record-written = Kirjutatud faili { $path }.
record-added = Lisatud faili { $path } mänguna { $number }.
record-missing = Faili { $path } pole olemas.
record-taken = Nime { $path } all on juba partii salvestatud ja salvesta ei kirjuta seda kunagi küsimata üle: asendamiseks kirjuta salvesta { $path } asenda või vali teine nimi.
record-unreadable = Faili { $path } ei saa lugeda ega kirjutada: { $why }.
record-unkept = Mängu ei saa salvestada: { $path } ei saa kirjutada: { $why }. Mäng jätkub, aga midagi ei salvestata, kuni see on parandatud; iga käigu järel proovitakse uuesti.
record-still-unkept = Salvestamata.
record-kept-again = Mäng salvestub jälle: see on tervikuna kirjutatud.
record-quit-unkept = Mäng pole salvestatud: { $why }. pgn koos failiga mujal (USB-mälupulk, teine kaust) kirjutab selle; laadi FAIL.pgn toob selle tagasi. Uuesti lõpeta lõpetab ilma selleta.
io-reason = { $reason ->
    [not-found] seda pole olemas
    [folder] see on kaust
    [not-folder] kausta asemel on fail
    [permission] selleks puudub õigus
    [disk-full] ketas on täis
    [read-only] ketas on kirjutuskaitstud
   *[other] süsteem keeldus
}
record-bad-name = { $path } ei saa olla nimi: kasuta tähti, numbreid, - ja _.
record-name-too-long = { $path } on nimeks liiga pikk: kõige rohkem { $max } märki.
record-name-reserved = { $path } on nimi, mille süsteem hoiab endale (seade Windowsis): vali mõni muu.
record-folder = { $path } on kaust, mitte fail.
record-not-pgn = { $path } ei sisalda PGN-teksti.
record-not-pgn-left = { $path } sisaldab midagi muud kui PGN-i; mängu sinna ei kirjutatud.
brf-written = Punktkirjas partiiblankett kirjutatud faili { $path }: { $pages ->
    [one] 1 leht
   *[other] { $pages } lehte
}.
brf-exists = { $path } on juba olemas ja brf ei kirjuta kunagi küsimata faili üle: asendamiseks kirjuta brf { $path } asenda või anna uus failinimi.
brf-not-built = See annabella on ehitatud ilma punktkirjata, seega punktkirjas partiiblanketti ei ole; selleks ehita annabella funktsiooniga braille.
brf-no-table = liblouis'il pole punktkirjatabelit { $table }; määra punktkirjatabel auto või tabeli nimi kaustast /usr/share/liblouis/tables, näiteks et-g0.utb.
brf-unusable = liblouis ei saa punktkirjatabeliga { $table } tõlkida; määra punktkirjatabel auto või mõni teine tabel, näiteks et-g0.utb.
brf-eight-dot = Punktkirjatabel { $table } kirjutab kaheksapunktilisi lahtreid, mida BRF-fail ei mahuta; määra punktkirjatabel auto või kuuepunktiline tabel, näiteks en-ueb-g1.ctb.
brf-players = { $white } - { $black }
brf-event = Turniir: { $event }
brf-date = Kuupäev: { $date }
brf-result = Tulemus: { $result }
brf-time = ({ $minutes }:{ $seconds })
brf-time-hours = ({ $hours }:{ $minutes }:{ $seconds })
record-broken = Fail { $path } on vigane ja jäeti nii, nagu on.
record-broken-aside = Fail { $path } on vigane; see tõsteti kõrvale: { $aside }.
record-unrestorable = Mängu { $name } ei saa uuesti üles seada: selle käigud ei sobi seisuga.
record-kept-unrestorable = Eelmisest käivitusest jäänud mängu ei saa uuesti üles seada: selle käigud ei sobi seisuga. Selle fail tõsteti kõrvale: { $aside }.
record-kept-unrestorable-left = Eelmisest käivitusest jäänud mängu ei saa uuesti üles seada: selle käigud ei sobi seisuga. Selle fail jäeti nii, nagu see on.
setting-name = Sinu nimi, mis kirjutatakse sinu mängude PGN-i (kahekesi mängides mõlemale poolele); ? kui teadmata.
allowed-name = kuni 60 märgi pikkune nimi või ?
## Läbimängimine
help-next = edasi: läbimängimisel järgmine käik, öeldud nagu mängimise ajal, lõpus tulemus. Lõppenud mängu läbimängimine algab selle lõpust, laaditud mäng näidatakse algusest.
help-prev = eelmine: läbimängimisel võtab näidatud käigu tagasi ja ütleb, milline see oli; tagasi teeb läbimängimisel sama.
help-start = algus: läbimängimisel algseis.
help-end = lõpp: läbimängimisel viimane käik ja tulemus.
help-goto = mine ja käigu number (mine 12): läbimängimisel seis pärast valge 12. käiku; mine 12 must: pärast musta oma.
help-play = mängi: läbimängimisel näidatud seis jätkub uue mänguna sinu praeguse vastase vastu, senised käigud alles, kell algusest.
replay-start = Mängu algus.
replay-end = See oli viimane käik. { $result }
replay-end-open = See oli viimane käik; mäng jäi pooleli.
replay-continued = Mäng jätkub siit uue mänguna.
replay-place = Läbimängimine: näidatud { $shown ->
    [one] { $shown } poolkäik
   *[other] { $shown } poolkäiku
  } { $total }-st. mängi jätkab siit.
replay-place-ended = Läbimängimine: näidatud { $shown ->
    [one] { $shown } poolkäik
   *[other] { $shown } poolkäiku
  } { $total }-st; siin mäng lõppes. Uue mängu alustab uus, käigu võtab tagasi tagasi.
replay-refused = See on läbimängimine; siin ei käida. Käsk mängi jätkab mängu näidatud seisust.
replay-none = Läbi mängida saab lõppenud või laaditud mängu; see mäng on veel pooleli.
replay-no-moves = Selles mängus pole käike.
replay-no-move = Selles mängus pole käiku { $number }. Käigud on { $first }. kuni { $last }. käik, viimase tegi { $color ->
    [Must] must
   *[other] valge
  }.
replay-no-move-side = { $side ->
    [Must] Mustal
   *[other] Valgel
  } pole selles mängus { $number }. käiku. Käigud on { $first }. kuni { $last }. käik, viimase tegi { $color ->
    [Must] must
   *[other] valge
  }.
missing-move-number = { $command } vajab käigu numbrit.
record-nothing-to-resume = Jätkamiseks pole ühtegi lõpetamata mängu; algab uus mäng.
record-data-dir-in-use = annabella juba töötab kaustaga { $dir }: see käivitus mängib midagi salvestamata (ei mängu, seadet ega harjutuste tulemust). Et mängitu salvestataks, käivita see võtmega --data-dir ja mõne teise kaustaga.
# The first word of the name of a game kept without one (letters only).
kept-name-unfinished = pooleli
kept-name-finished = partii
record-torn-journal = Viimane muudatus enne programmi katkemist jäi poolikuks ja jäetakse välja; iga vastatud käik on alles.
record-unknown-setting = Failis { $path } ei ole { $key } seade; see jääb faili alles.
record-bad-setting = Failis { $path } ei saa { $key } olla { $value }; see käivitus kasutab vaikeväärtust.
record-settings-file = Seadete fail: { $path }.
record-pgn-none = Failis pole mänge.
record-pgn-game = { $number }. { $players }, { $result }, { $moves ->
    [one] 1 käik
   *[other] { $moves } käiku
}.
record-no-such-game = Failis on { $count } mängu; mängu { $number } pole.
record-pgn-loaded = Mäng { $number } laaditud: { $players }. edasi käib selle käik-käigult läbi, mängi jätkab näidatud seisust.
record-import-stopped = Mäng { $game } katkeb { $color } { $number }. käigul: { $why } See on laaditud kuni sinnani.
import-illegal = { $text } pole seal lubatud käik.
import-ambiguous = { $text } sobib mitme käiguga.
import-unreadable = { $text } ei ole loetav käiguna.
import-after-end = { $text } tuleb pärast mängu lõppu.
import-bad-fen = algseisu { $text } ei saa lugeda.
import-unknown-variant = variant { $text } pole male ega Chess960.
import-null = { $text } on nullkäik, käigust loobumine, mida reeglid ei luba.
record-import-null = Mäng { $game }: { $color } { $number }. käik on nullkäik ({ $text }), käigust loobumine, mida reeglid ei luba; mäng on laaditud kuni käiguni { $last }, { $lastcolor }.
record-import-null-start = Mäng { $game }: { $color } { $number }. käik on nullkäik ({ $text }), käigust loobumine, mida reeglid ei luba; laaditud on ainult algseis.

## Oma laud, kinnitamine ja partiiblanketid (issue 13)

setting-confirm = Käikude kordamine enne mängu jätkumist: väljas; sees: sa kordad vastase käiku; oma: kinnitad ka oma käigu enne selle tegemist.
setting-confirmbelow = Kui sinu kellal on vähem sekundeid, siis enam ei korrata ega kinnitata; 0: alati.
setting-dualcheck = Võrdle sinu oma lauda pärast vastase iga käiku ja ütle ainult erinevused.
ask-repeat = Korda käiku.
ask-confirm-own = Kas teha käik { $move }? Jah või ei.
ask-sheet = Partiiblanketi järgmine käik; lõpetamiseks tühi rida või lõpp.
ask-replace-file = { $path } on juba olemas. Kas asendada? Vasta jah või ei.
ask-replace-game = Nime { $path } all on juba partii salvestatud. Kas asendada? Vasta jah või ei.
ask-restore = Kas võtta tagasi { $count ->
    [one] üks poolkäik
   *[other] { $count } poolkäiku
  }, kuni käiguni { $number }, { $color }? Jah või ei.
ask-restore-start = Kas võtta tagasi { $count ->
    [one] üks poolkäik
   *[other] { $count } poolkäiku
  }, algseisuni? Jah või ei.
confirm-right = Õige.
confirm-wrong = Ei: { $move }.
confirm-first = Korda kõigepealt vastase käiku: { $move }.
confirm-owed = Veel kordamata: { $move }.
confirm-own-dropped = Käiku ei tehtud.
help-myboard = minu laud: sinu oma laud mängu laua kõrval. minu laud üksi loeb selle ette; minu laud algus, minu laud tühi (tühi laud), minu laud kustuta (midagi pole öeldud), minu laud mäng (nagu mäng on), minu laud fen FEN; siis ütle nupud poolte kaupa, ühel või mitmel real: minu laud valge: kuningas g1, vankrid a1 ja f1, etturid a2 b2; must: kuningas g8. Üks ruut: minu laud e4 valge ettur, minu laud f3 tühi. Loevad ainult ruudud, mille ütled; ülejäänud tühjad ütleb, et teised on tühjad.
help-compare = võrdle: iga erinevus sinu laua ja mängu laua vahel sinu öeldud ruutudel, enne käikudega seletatud, kus saab (käik tegemata, tehtud teisele ruudule või teise nupuga, löödud nupp eemaldamata).
help-scoresheet = blankett FAIL: võrdleb sinu partiiblanketti (PGN, või üks käik real, või nummerdatud paarid, igas käigukujus) mänguga ja nimetab esimese erinevuse; blankett FAIL1 FAIL2: mõlema mängija blanketid omavahel ja mänguga; blankett üksi: dikteeri käigud, üks real, lõpetamiseks tühi rida või lõpp.
help-restore = taasta: viib mängu tagasi viimase käiguni, milles viimati võrreldud blanketid ühtivad, kellad tolle aja peale; taasta 12 või taasta 12 must: pärast seda käiku. Enne küsib, öeldes, mitu poolkäiku see tagasi võtab.
dual-board-set = Sinu laud on paigas.
dual-bad-fen = Pole FEN: { $text }. Näiteks: minu laud fen 4k3/8/8/8/8/8/8/4K3
dual-stated = { $count ->
    [one] Üks ruut kirjas.
   *[other] { $count } ruutu kirjas.
  }
dual-rest-empty = Ülejäänud sinu laud on tühi.
dual-problem-word = Ei saanud aru: { $text }.
dual-problem-color = Poolt pole öeldud: { $text }; ütle enne valge või must.
dual-problem-square = Ruutu pole öeldud: { $text }.
dual-problem-piece = Nuppu pole öeldud: { $text }; nimeta nupp või ütle tühi.
dual-counts = { $unstated ->
    [0] Tühjad: { $empty } ruutu.
   *[other] Tühjad: { $empty } ruutu; ütlemata: { $unstated } ruutu.
  }
dual-nothing-stated = Sinu laual pole veel ühtegi ruutu öeldud: sea see käsuga minu laud algus või ütle ruudud käsuga minu laud.
dual-agree = Lauad ühtivad.
dual-not-made = { $count ->
    [one] Sinu laual on tegemata käik { $moves }.
   *[other] Sinu laual on tegemata käigud { $moves }.
  }
dual-wrong-move = Sinu laual tehti { $made } käigu { $played } asemel.
dual-capture-left = Pärast käiku { $capture } jäi löödud nupp sinu lauale: { $square }, { $piece }.
dual-extra-move = Sinu laual on üks käik rohkem kui mängus: { $made }.
dual-diff-missing = { $square }: seal peab olema { $piece }, sinu laual pole midagi.
dual-diff-extra = { $square }: seal ei pea midagi olema, sinu laual on { $piece }.
dual-diff-wrong = { $square }: seal peab olema { $piece }, sinu laual on { $yours }.
sheet-noted = Kirjas: { $moves }.
sheet-noted-black = { $color }: { $move }
sheet-not-noted-unreadable = Rida jäi kirja panemata: käik { $number }, { $color }: { $text } pole käik.
sheet-not-noted-illegal = Rida jäi kirja panemata: käik { $number }, { $color }: { $text } pole seal lubatud.
sheet-not-noted-ambiguous = Rida jäi kirja panemata: käik { $number }, { $color }: { $text } sobib mitme käiguga.
sheet-not-noted-null = Rida jäi kirja panemata: käik { $number }, { $color }: { $text } on nullkäik, käigust loobumine, mida reeglid ei luba.
sheet-read = { $sheets ->
    [1] Partiiblankett: loetud { $count } { $count ->
        [one] poolkäik
       *[other] poolkäiku
      }.
   *[other] Blankett { $sheet }: loetud { $count } { $count ->
        [one] poolkäik
       *[other] poolkäiku
      }.
  }
sheet-stop-unreadable = See lõpeb käigul { $number }, { $color }: { $text } pole käik.
sheet-stop-illegal = See lõpeb käigul { $number }, { $color }: { $text } pole seal lubatud.
sheet-stop-ambiguous = See lõpeb käigul { $number }, { $color }: { $text } sobib mitme käiguga.
sheet-stop-null = See lõpeb käigul { $number }, { $color }: { $text } on nullkäik, käigust loobumine, mida reeglid ei luba.
sheet-agree = Ülestähendused ühtivad: { $count } { $count ->
    [one] poolkäik
   *[other] poolkäiku
  }.
sheet-behind = { $sheets ->
    [1] Sinu blankett
   *[other] Blankett { $sheet }
  } jääb mängust { $count } poolkäigu võrra maha; nii kaugele kui see ulatub, ühtib see mänguga.
sheet-first-difference = Esimene erinevus: käik { $number }, { $color }.
sheet-game-has = Mäng: { $move }.
sheet-sheet-has = { $sheets ->
    [1] Sinu blankett: { $move }.
   *[other] Blankett { $sheet }: { $move }.
  }
sheet-no-move = käiku pole
sheet-restore-hint = Ülestähendused ühtivad { $count } poolkäigu ulatuses; taasta viib mängu sinna tagasi.
sheet-too-many = Kõige rohkem kaks blanketti: blankett FAIL või blankett FAIL1 FAIL2.
restore-no-sheet = Veel pole kuhu taastada: võrdle enne blanketti või nimeta käik, näiteks taasta 12 must.
restore-no-such-move = Mängus pole käiku { $number }, { $color }.
restore-nothing = Ülestähendused ühtivad viimase käiguni: pole midagi tagasi võtta.
restore-kept = Midagi ei võetud tagasi.
restore-done = Mäng on taas pärast käiku { $number }, { $color }.
restore-done-clocks = Mäng on taas pärast käiku { $number }, { $color }; kellad ka.
restore-start = Mäng on taas algseisus.
restore-start-clocks = Mäng on taas algseisus; kellad ka.

## Pimesi mäng, küsimused ja harjutused (issue 14)

help-blindfold = pimesi sees või pimesi sees piilumisi 20: pimesi mäng; laua lugemine maksab piilumisi selle järgi, kui palju see näitab: 1 ruut, e4? ja viimane; 2 rida, liin, diagonaal, kus, ründajad, käigud, materjal, vihje ja võrdle; 4 laud, nupud ja fen. hinnang maksab 1. Tasuta: seis, kell, partii, pgn. Arvuga lõpeb lugemine, kui piilumised on otsas. pimesi väljas lõpetab; pimesi üksi ütleb seisu.
blindfold-on = Pimesi: laua lugemine maksab nüüd piilumisi; neid loetakse.
blindfold-on-budget = Pimesi: laua lugemine maksab nüüd piilumisi; lubatud { $budget } piilumist.
blindfold-off = Pimesi väljas. Piilumisi kulus: { $used }.
peek-used = Piilumisi kulunud: { $used }.
peek-used-budget = Piilumisi kulunud: { $used }/{ $budget }.
peek-none-left = Piilumisi pole piisavalt: see maksab { $cost }, kulunud { $used }/{ $budget }.
score-peeks = Piilumisi selles mängus: { $used }.
score-quiz = Küsimused: { $right }/{ $asked } õigesti.
help-drill = harjutus ja liik: värvid, diagonaal, ratsu, ulatus, mälu või jälgi, soovi korral küsimuste arvuga (harjutus ratsu 5; muidu 10); vasta mis tahes kujul: sõnad, tähed, numbrid. harjutus stopp lõpetab; harjutus statistika ütleb, kuidas seni läks.
setting-quizevery = Pärast nii mitut vastase käiku küsimus seisu kohta (0: ei ühtegi); tulemus öeldakse mängu lõpus.
drill-none = Ühtegi harjutust ei käi. Alusta käsuga harjutus värvid või harjutus ratsu 5.
drill-unknown = Harjutust { $word } pole. Harjutused: värvid, diagonaal, ratsu, ulatus, mälu, jälgi.
drill-remember = Jäta see seis meelde.
drill-from-position = Jälgi käike sellest seisust.
drill-from-start = Jälgi käike algseisust.
drill-asked = Küsimus { $number }: { $question }
drill-right = Õige.
drill-wrong = Vale: { $answer }.
drill-unreadable = See pole vastus. { $question }
drill-done = { $right }/{ $total } õigesti, keskmiselt { $seconds } sekundit.
drill-best = Parim seni: { $right }/{ $total }.
drill-stopped = Harjutus lõpetatud: { $right }/{ $total } õigesti, keskmiselt { $seconds } sekundit.
drill-stats-none = Ühtegi harjutust pole veel tehtud.
drill-stats-line = { $drill }: { $right }/{ $asked } õigesti, keskmiselt { $seconds } sekundit{ $finished ->
    [0] {""}
   *[other] , parim { $best }/{ $of }
  }{ $anymissed ->
    [0] .
   *[other] ; kõige sagedamini eksitud: { $missed }.
  }
drill-name-colors = Värvid
drill-name-diagonal = Diagonaal
drill-name-knight = Ratsu
drill-name-reach = Ulatus
drill-name-memory = Mälu
drill-name-follow = Jälgi
q-square-color = Kas { $square } on hele või tume?
q-same-diagonal = Kas { $a } ja { $b } on ühel diagonaalil?
q-knight = Mitu ratsukäiku on ruudult { $from } ruudule { $to }?
q-reach-count = Mitmele ruudule jõuab { $piece } ruudult { $square } tühjal laual?
q-reach-squares = Millistele ruutudele jõuab { $piece } ruudult { $square } tühjal laual?
q-piece-on = Mis on ruudul { $square }?
q-where = { $role ->
    [king] Kus on { $side ->
        [white] valge
       *[black] must
      } { $name }?
    [queen] Kus on { $side ->
        [white] valge
       *[black] must
      } { $name }?
   *[other] Kus on { $side ->
        [white] valged
       *[black] mustad
      } { $names }?
  }
q-attacked = Millised { $side ->
    [white] valged
   *[black] mustad
  } nupud ründavad ruutu { $square }? Nimeta nende ruudud.
q-move-count = Mitu lubatud käiku on ruudul { $square } oleval nupul?
q-captures = Millised { $side ->
    [white] valged
   *[black] mustad
  } nupud saavad lüüa? Nimeta nende ruudud.
a-light = hele
a-dark = tume
a-yes = jah
a-no = ei
a-nothing = mitte midagi
a-none = ei ühtegi
prompt-repeat = korda käiku>
prompt-answer = vastus>
prompt-sheet = blankett>
drill-stats-kind = Kõige raskemad küsimused: { $kind }.
kind-square-color = hele või tume
kind-same-diagonal = sama diagonaal
kind-knight-distance = ratsukäigud
kind-reach-count = mitu ruutu
kind-reach-squares = millised ruudud
kind-piece-on = mis ruudul on
kind-where-is = kus nupud on
kind-attacked = ründajad
kind-move-count = lubatud käigud
kind-captures = löögid
dual-board-cleared = Sinu laud on kustutatud: ühtegi ruutu pole nüüd öeldud.

## Võrgumängud (lichess)

reason-abandoned = mängust lahkumise tõttu
allowed-url = veebiaadress, mis algab https:// (http:// ainult selle arvuti jaoks)
allowed-brailletable = auto või liblouis'i tabeli failinimi, näiteks et-g0.utb (mitu komadega ühendatult)
help-online = võrgus ütleb, kes on lichessi sisse logitud ja millised mängud käivad; võrgus logi küsib sinu lichessi API-võtit (loodud lichessis õigustega board:play, challenge:read ja challenge:write) ja hoiab seda ainult sulle loetavana; võrgus välju kustutab selle.
help-seek = otsi ja ajakontroll, minutid+sekundid, soovi korral reitinguga ja värv: otsi 15+10 reitinguga must. lichess leiab vastase; otsing peab olema kiirmale või klassikaline (alates 10+0).
help-challenge = kutsu, lichessi kasutaja ja ajakontroll, soovi korral reitinguga ja värv: kutsu Anna 10+5; või kutsu ai ja tase 1 kuni 8: kutsu ai 3 5+3.
help-abort = katkesta lõpetab otsingu või katkestab lichessi mängu enne, kui mõlemad on käinud.
help-say = ütle ja tekst kirjutab selle lichessi mängu vestlusesse.
help-claim = nõua nõuab võitu, kui vastane on lichessis mängust lahkunud; nõua viik nõuab viiki.
setting-chat = Loe ette lichessi mängu vestluse read.
setting-lichessurl = lichessi server; võti saadetakse ainult HTTPS-i kaudu.
online-logged-in = Lichessi sisse logitud kui { $name }.
online-account = Lichessi sisse logitud kui { $name }. { $count ->
    [0] Ühtegi mängu ei käi.
    [one] Üks mäng käib:
   *[other] { $count } mängu käib:
}
online-game-line = Vastane { $opponent }, sa mängid { $color ->
    [white] valgetega
    [black] mustadega
   *[random] loositud värviga
}, { $turn ->
    [yes] sinu käik
   *[no] vastase käik
}{ $here ->
    [yes] , mängitakse siin.
   *[no] .
}
online-game-waiting = Lichessis käib mäng: vastane { $opponent }, sa mängid { $color ->
    [white] valgetega
    [black] mustadega
   *[random] loositud värviga
}, { $turn ->
    [yes] sinu käik
   *[no] vastase käik
}. Kas mängida siin edasi? Vasta jah või ei.
online-ai = lichessi AI tase { $level }
online-player-rated = { $name } ({ $rating })
online-not-logged-in = Lichessi pole sisse logitud. Kirjuta võrgus logi ja kleebi oma API-võti või sea LICHESS_TOKEN.
online-token-wanted = Kleebi oma lichessi API-võti ja vajuta Enter; seda ei näidata.
online-token-saved = Võti on hoiul, loetav ainult sulle.
online-not-a-token = See pole võti: lichessi võti on üks sõna ilma tühikuteta. Midagi ei hoitud.
online-token-not-saved = Võtit ei saanud hoiule panna: { $why }.
online-logged-out = { $existed ->
    [yes] Välja logitud: võtmefail on kustutatud.
   *[no] Võtmefaili polnud.
}
online-logged-out-env = LICHESS_TOKEN-i võtit kasutatakse edasi; väljalogimiseks eemalda see keskkonnast.
online-logout-failed = Võtmefaili ei saanud kustutada: { $why }.
online-control-seek = { $control } on { $pace ->
    [ultrabullet] ultrabullet
    [bullet] bullet
    [blitz] välkmale
    [rapid] kiirmale
   *[classical] klassikaline
}; lichessi otsing peab olema kiirmale või klassikaline, see tähendab minutid pluss 40 korda lisaaeg teevad vähemalt 8 minutit. Proovi 10+0, 10+5 või 15+10.
online-control-challenge = { $control } on { $pace ->
    [ultrabullet] ultrabullet
    [bullet] bullet
   *[other] liiga kiire
}; lichessi mäng selle programmiga peab olema vähemalt välkmale, see tähendab minutid pluss 40 korda lisaaeg teevad vähemalt 3 minutit. Proovi 3+2 või 5+3.
online-seeking = Otsin lichessis { $rated ->
    [yes] reitinguga
   *[no] reitinguta
} mängu { $control }. Lõpetamiseks kirjuta katkesta.
online-seek-ended = Otsing lõppes vastaseta.
online-seek-cancelled = Otsing on lõpetatud.
online-challenge-sent = Väljakutse saadetud: { $user }, { $control }. Ootan vastust.
online-challenge-ai = Väljakutse saadetud lichessi AI tasemele { $level }, { $control }.
online-days = { $days ->
    [one] üks päev käigu kohta
   *[other] { $days } päeva käigu kohta
}
online-no-clock = ilma kellata
online-challenged = { $from } kutsub sind mängima: { $control }, { $rated ->
    [yes] reitinguga
   *[no] reitinguta
}, sa mängid { $color ->
    [white] valgetega
    [black] mustadega
   *[random] loositud värviga
}. Vasta nõus või keeldun.
online-challenged-variant = { $from } kutsub sind mängima varianti, mida annabella ei mängi. Vasta keeldun.
online-challenge-canceled = { $from } võttis väljakutse tagasi.
online-challenge-declined = { $by } keeldus väljakutsest{ $reason ->
    [none] .
   *[other] : { $reason }.
}
online-declined-by-you = Väljakutsest mängijalt { $from } on keeldutud.
online-game-started = Mäng lichessis, vastane { $opponent }{ $control ->
    [none] {""}
   *[other] , { $control }
}, { $rated ->
    [yes] reitinguga
   *[no] reitinguta
}. Sa mängid { $color ->
    [white] valgetega
   *[black] mustadega
}.
online-aborted = Mäng on katkestatud; lichess katkestatud mänge ei hoia.
online-move-rejected = lichess ei võtnud vastu käiku { $move }{ $reason ->
    [none] .
   *[other] : { $reason }.
} Käik on tagasi võetud.
online-takeback-offered = Vastane palub käigu tagasi võtta. Vasta nõus või keeldun.
online-takeback-proposed = Sa palud oma viimase käigu tagasi võtta.
online-takeback-declined = Tagasivõtmisest keelduti.
online-opponent-gone = Vastane lahkus mängust. { $seconds ->
    [0] Võid võitu nõuda: kirjuta nõua.
   *[other] Võid võitu nõuda { $seconds } sekundi pärast: kirjuta siis nõua.
}
online-opponent-back = Vastane on tagasi.
online-chat = { $user } kirjutab: { $text }
online-chat-sent = Vestlusesse saadetud.
online-connection-lost = Ühendus lichessiga katkes; proovin uuesti.
online-connection-back = Ühendus lichessiga on taas olemas.
online-no-token = Lichessi võtit pole: kirjuta võrgus logi või sea LICHESS_TOKEN.
online-not-secure = Võti saadetakse ainult HTTPS-i kaudu või testideks sellele arvutile; { $url } pole kumbki. Sea lichessiaadress väärtuseks https://lichess.org.
online-offline = Lichessi ei saa kätte; annabella jätkab ilma selleta.
online-unauthorized = lichess ei võtnud võtit vastu: see on vale, tühistatud või ilma õigusteta board:play, challenge:read ja challenge:write. Uue andmiseks kirjuta võrgus logi.
online-rate-limited = lichess palub liiga paljude päringute järel pausi: { $seconds } sekundit ei saadeta midagi.
online-status = lichess keeldus veaga { $code }{ $reason ->
    [none] .
   *[other] : { $reason }.
}
online-bad-answer = Lichessi vastust ei saanud lugeda.
online-no-game = Siin pole lichessi mängu. Alustamiseks kirjuta otsi või kutsu.
online-not-online = Mitte lichessi mängu ajal: lõpeta see enne, alistudes või, enne kui mõlemad on käinud, katkestades.
online-opponent-to-move = Lichessis on vastase käik.
online-nothing-to-claim = Pole midagi nõuda: vastane pole mängust lahkunud.
online-draw-offer-sent = Sa pakud lichessis viiki.
online-token-unreadable = Lichessi võtmefaili ei saanud lugeda: { $why }. Kirjuta võrgus logi, et võti uuesti anda.
online-token-invalid = { $env ->
    [yes] LICHESS_TOKEN
   *[no] Lichessi võtmefail
} ei sisalda võtit: lichessi võti on üks sõna tähtedest ja numbritest. Kirjuta võrgus logi, et see uuesti anda.
prompt-token = lichessi võti>

## Kõnesisend
help-listen = kuula, kuula sees või kuula väljas: käigud ja käsud mikrofoni öelda; üksi lülitab ümber.
help-microphones = mikrofonid: olemasolevad mikrofonid ja see, mille seade mikrofon nimetab.
help-display = ekraan, ekraan laud või ekraan tekst: mida punktkirjaekraan näitab, lauda (rida rea kohta, ruut lahtri kohta) või seda, mida annabella ütles; üksi vahetab.
setting-listen = Kuula mikrofoni käikude, käskude ja vastuste jaoks.
setting-listenconfirm = Kuuldud käik loetakse enne tegemist ette: sees, väljas või auto (ainult kui pole kindel).
setting-microphone = Kuulatav mikrofon: vaikimisi või nimi, nagu mikrofonid selle nimetab.
setting-voicemodel = Kuulav Whisperi mudel: auto (paigaldatud) või mõne teise mudeli kaust.
setting-braille = Punktkirjaekraan BRLTTY kaudu: auto kasutab seda, kui BRLTTY vastab, sees ütleb korra, kui ei saa.
ask-heard-move = { $move }?
ask-heard-either = { $choices }?
ask-heard-command = { $command }? Jah või ei.
voice-heard = Kuuldud: { $words }
voice-not-understood = Ei saanud aru. Ütle uuesti, veidi aeglasemalt, või trüki.
voice-listening = Kuulan.
voice-not-listening = Ei kuula enam.
voice-dropped = Ei tehtud.
voice-not-built = Selles versioonis pole kõnesisendit; annabella jätkab klaviatuuriga.
voice-no-model = Kõnemudelit pole paigaldatud (/usr/share/annabella/voice-models toob Whisperi omad, lähtekoodist scripts/voice-models); annabella jätkab klaviatuuriga.
voice-model-missing = Kaustas { $folder } pole kõnemudelit: sea kõnemudel Whisperi mudeli kaustale või väärtusele auto; annabella jätkab klaviatuuriga.
voice-model-broken = Kaustas { $folder } olevat kõnemudelit ei saa lugeda (vigane või pole CTranslate2 vormingus Whisperi mudel); annabella jätkab klaviatuuriga.
voice-no-microphone = Mikrofoni ei leitud; annabella jätkab klaviatuuriga.
voice-no-such-microphone = Mikrofoni nimega { $name } pole; olemas on: { $list }.
voice-no-such-microphone-none = Mikrofoni nimega { $name } pole ja selles arvutis pole ühtegi mikrofoni.
voice-failed-sound-system = Helisüsteem ei vasta, seega mikrofoni ei leita; annabella jätkab klaviatuuriga.
voice-failed-unopenable = Mikrofoni ei saa avada: võib-olla kasutab seda mõni teine programm, või vali käsuga määra mikrofon mõni teine; annabella jätkab klaviatuuriga.
voice-failed-stopped = Mikrofon vaikis, ehk tõmmati see välja; annabella jätkab klaviatuuriga ja kuula proovib uuesti.
voice-failed-recogniser = Kõnetuvastus ei käivitu (selle mudel võib olla rikutud); annabella jätkab klaviatuuriga.
voice-failed-no-thread = Süsteem ei saa praegu kuulamist alustada (liiga palju programme käib?); annabella jätkab klaviatuuriga.
voice-ended = Kuulatud salvestis sai läbi.
voice-microphones = Mikrofonid: { $list }. Kasutusel: { $chosen }.
hear-bad-fen = Pole seis: { $fen }. Anna FEN, näiteks rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1.
sound-file-unreadable = Faili { $file } ei saa lugeda ({ $why }); anna PCM WAV-fail, 8 kuni 48 kHz, 16-bitine või ujukoma.
sound-file-not-wav = { $file } pole WAV-fail või on rikutud; anna PCM WAV-fail, 8 kuni 48 kHz, 16-bitine või ujukoma.
sound-file-format = { $file } sisaldab { $kind } heli; anna PCM WAV-fail, 8 kuni 48 kHz, 16-bitine või ujukoma.
sound-file-rate = { $file } diskreetimissagedus on { $rate } Hz; anna PCM WAV-fail, 8 kuni 48 kHz, 16-bitine või ujukoma.

## Punktkirjaekraan
display-board = Laud punktkirjaekraanil.
display-text = Tekst punktkirjaekraanil.
display-picked = { $piece } { $square }.
display-dropped = { $piece } { $square } lahti lastud.
display-connected = Punktkirjaekraan, { $cols } lahtrit{ $rows ->
    [1] {""}
   *[other] {", "}{ $rows } rida
}.
display-lost = Punktkirjaekraan kadus; annabella jätkab ilma selleta ja võtab selle tagasi, kui BRLTTY on jälle olemas.
display-not-built = Selles versioonis pole punktkirjaekraani; annabella jätkab ilma selleta.
display-no-brltty = Punktkirjaekraani pole: BRLTTY ei vasta (kas see töötab ja kas tohid selle võtit lugeda?); annabella jätkab ilma selleta.
display-not-allowed = Punktkirjaekraani pole: BRLTTY lükkas annabella võtme tagasi (BRLAPI_AUTH); annabella jätkab ilma selleta.
display-no-display = Punktkirjaekraani pole: BRLTTY töötab ilma selleta; annabella jätkab ilma selleta ja võtab selle, kui see tuleb.
display-no-thread = Punktkirjaekraani pole: süsteem ei andnud annabellale selle jaoks lõime; annabella jätkab ilma selleta.
display-brltty-error = Punktkirjaekraani pole: BRLTTY vastas veaga; annabella jätkab ilma selleta.

## The command line's help, the man page and the completions (annabella
## --help, annabella generate man|completions).
cli-about = Maleprogramm pimedatele ja vaegnägijatele mängijatele: käigud öeldakse nii, nagu FIDE reeglid nõuavad (Springer Felix drei), ja neid saab sisestada algebralises notatsioonis, koordinaatidena või sõnadega.
cli-long-about = Maleprogramm pimedatele ja vaegnägijatele mängijatele: käigud öeldakse nii, nagu FIDE reeglid nõuavad (Springer Felix drei), tekstina, kõnes ja punktkirjaekraanil, ja neid saab sisestada algebralises notatsioonis, koordinaatidena, sõnadega või mikrofoni öelda. Read tulevad terminalist või, kui see on toru, standardsisendist (viibata; annabella lõpetab sisendi lõpus). Mängida saab sisseehitatud mootori, välise UCI-mootori, teise inimese vastu sama klaviatuuri taga või lichessis.
opt-fen = Alusta sellest seisust (FEN; Chess960 vangerdusõigused X-FEN-i või Shredder-FEN-ina).
opt-chess960 = Mängi Chess960 algseisust N (0 kuni 959) või juhuslikust.
opt-engine = Väline UCI-mootor vastaseks (programm ja argumendid), näiteks /usr/games/stockfish.
opt-engine-option = Välise mootori seadistus, näiteks Hash=64 (võib korrata).
opt-elo = Vastase tugevus Elo-punktides: UCI_Elo välisel mootoril, mis seda pakub, muidu lähim sisseehitatud tase.
opt-seed = Juhuslike valikute seeme (juhuslikud Chess960 seisud, värvid, mootori tahtlikud vead).
opt-data-dir = Kus partiisid hoitakse (vaikimisi platvormi andmekaust, ~/.local/share/annabella).
opt-config = Seadete fail (vaikimisi settings.toml platvormi seadete kaustas, ~/.config/annabella).
opt-resume = Jätka eelmise käivituse lõpetamata partiid küsimata.
opt-new = Alusta küsimata uut partiid; lõpetamata partii jääb salvestatuks.
opt-listen-from = Kuula salvestist (WAV) reaalajas mikrofonina või nimega toru, kuhu programm kirjutab WAV-voogu; testideks ja harjutamiseks. Kuulamine on sees.
opt-setting = { $about } Väärtused: { $allowed }. [vaikimisi: { $default }]
opt-help = Näita abi (--help ütleb rohkem kui -h).
opt-version = Näita versiooni.
hear-about = Tunneb salvestise ära ilma partiita, nagu kõnesisend seda kuuleks.
hear-long-about = Tunneb salvestise ära ilma partiita, nagu kõnesisend seda selles seisus kuuleks, ja kirjutab iga lausungi kohta ühe tabeldusmärkidega jagatud rea: algus ja lõpp sekundites, liik (move, command või none), väärtus (käik UCI-s, käsu ingliskeelne sõna või -), kindlus ja kuuldud sõnad.
hear-file = Salvestis: PCM WAV, 8 kuni 48 kHz, mono või stereo, 16-bitine või ujukoma.
hear-fen = Seis, milles käike kuulatakse (FEN), muidu algseis.
hear-lang = Keel lisaks inglise keelele ja FIDE saksakeelsetele sõnadele (de, en või et); muidu seadete faili oma, muidu keskkonna oma.
hear-chess960 = FEN-i vangerdusõigused on Chess960 omad.
hear-data-dir = Nagu programmil endal; hear ei hoia midagi.
hear-config = Nagu programmil endal (selle keel kehtib, kui --lang puudub).
uci-about = Käivitab sisseehitatud mootori UCI-mootorina maleprogrammidele ja turniiritööriistadele.
generate-about = Kirjutab juhendilehe või shelli lõpetused standardväljundisse.
generate-man = Kirjutab juhendilehe annabella(1) roff-vormingus standardväljundisse.
generate-man-lang = Lehe keel: de, en või et (vaikimisi keskkonna oma).
generate-completions = Kirjutab shelli lõpetused standardväljundisse.
generate-shell = Shell: bash, zsh, fish, elvish või powershell.
output-failed = annabella: väljundit ei saa kirjutada: { $why }.
flag-not-one-of = { $flag } võtab { $allowed }, mitte { $value }.
man-manual = Kasutaja käsud
man-name = NIMI
man-synopsis = SÜNOPSIS
man-description = KIRJELDUS
man-options = VÕTMED
man-subcommands = ALAMKÄSUD
man-commands = KÄSUD
man-commands-intro = Sisestatakse viibale või öeldakse mikrofoni. Iga käsku mõistetakse inglise, saksa ja eesti keeles, olenemata kasutajaliidese keelest; saksa- ja eestikeelsed sõnad on sulgudes. Käik kirjutatakse nii, nagu see noteeritakse (e4, Rf3, O-O), koordinaatidena (g1f3) või sõnadega (Springer Felix drei).
man-settings = SEADED
man-settings-intro = Iga seadet muudetakse viibal käsuga set VÕTI VÄÄRTUS (ükskõik millises kolmest keelest), üheks käivituseks võtmega --VÕTI VÄÄRTUS ja jäädavalt failis settings.toml kujul VÕTI = "VÄÄRTUS" ingliskeelse võtmega. settings loetleb need koos väärtustega.
man-files = FAILID
man-file-settings = Seaded, mille kirjutab set; loetakse igal käivitusel.
man-file-token = lichessi luba, loetav ainult teile.
man-file-current = Käimasolev partii, selle kõrval current.journal: iga vastatud käik on kettal enne, kui see öeldakse.
man-file-games = Salvestatud partiid (save NIMI), igaüks NIMI.json.
man-file-voice = Kõnesisendi Whisperi mudelid.
man-file-voice-models = Toob kõnesisendi Whisperi mudelid (umbes 220 MB, pip-iga) andmekausta.
man-environment = KESKKOND
man-env-lang = Kasutajaliidese keel, kui ei --lang ega seadete fail seda ei nimeta: de* saksa, et* eesti, kõik muu inglise.
man-env-xdg = Kus seadeid ja partiisid hoitakse (vaikimisi ~/.config ja ~/.local/share).
man-env-no-color = Arvestatud sellega, et midagi ei värvita: annabella ei kasuta värve.
man-env-token = lichessi luba, mis kehtib loa faili asemel.
man-env-brlapi = Kus BRLTTY BrlAPI kuulab ja selle võti, punktkirjaekraani jaoks.
man-env-louis = Kust liblouis leiab oma tabelid, punktkirjas partiiblanketi (brf) jaoks.
man-env-speechd = Kus Speech Dispatcher kuulab, kõne jaoks.
man-env-voice = Whisperi mudelite kaust, andmekausta voice/ asemel.
man-exit-status = VÄLJUMISOLEK
man-exit-0 = Pärast quit-i või sisendi lõppu.
man-exit-1 = Väljundit ei saa kirjutada või annabella hear ei saa oma salvestist lugeda.
man-exit-2 = Võtit ei saa kasutada või --fen või --chess960 ei ole seis; mis on valesti, öeldakse standardveaväljundis.
man-examples = NÄITED
man-example-start = Mängi valgetega sisseehitatud mootori vastu tasemel 5; lõpetamata partiid pakutakse kõigepealt.
man-example-german-clock = Kasutajaliides saksa keeles, kell 15 minutit ja 10 sekundit lisa iga käigu järel.
man-example-stockfish = Stockfishi vastu umbes 1500 Elo tugevusel.
man-example-human = Kaks inimest ühe klaviatuuri taga või pime mängija abilisega, kes sisestab mõlema poole käigud.
man-example-screenreader = Ilma oma kõneta, ekraanilugejale, mis loeb terminali, ja 40-märgised read punktkirjaekraanile.
man-example-pipe = Uus partii skriptist: käigud ja käsud torust, vastused lihtsate ridadena.
man-example-hear = Mida kõnesisend salvestises kuuleb.
man-see-also = VAATA KA
man-see-also-readme = README, kus on iga käsk, iga seade ja esimene partii: Debiani paketis /usr/share/doc/annabella/README.md.

## Partii analüüs ja avang nimepidi

help-opening = avang: partii avang nimepidi koos ECO-koodiga, nii nagu lichess seda nimetab.
help-review = analüüs: mootor käib lõppenud või laaditud partii läbi ja ütleb siis avangu, kummagi poole ebatäpsused, vead ja jämedad vead koos täpsusega ning pöördepunktid. analüüs NIMI analüüsib salvestatud partiid. analüüs edasi, analüüs tagasi ja analüüs N käivad pöördepunktid läbi ja näitavad seisu seal; analüüs variant ütleb parema jätku.
help-stop = stopp: lõpetab käimasoleva analüüsi; leitu jääb alles ja analüüs jätkab sealt.
setting-opening = Ütle avangu nimi üks kord, kui partii lahkub viimasest nimega seisust.
setting-reviewdepth = Kui sügavalt analüüs iga seisu läbi arvutab, poolkäikudes (1 kuni 30).
review-opening = Avang: { $name } ({ $eco }).
review-no-opening = Selle partii seisudel pole avangu nime: see ei alanud algseisust või selle esimesel käigul pole nime.
review-started = Analüüsin { $positions } seisu { $engine ->
    [builtin] sisseehitatud mootoriga
   *[other] mootoriga { $engine }
}. Lauda saab vahepeal lugeda; stopp lõpetab.
review-progress = Analüüs on { $percent } protsenti valmis.
review-stopped = Analüüs peatus pärast { $done } seisu { $total }-st. Leitu jääb alles; analüüs jätkab sealt.
review-engine-failed = Analüüs jätkub sisseehitatud mootoriga.
review-side = { $color }: { $inaccuracies ->
    [0] ebatäpsusi pole
    [one] 1 ebatäpsus
   *[other] { $inaccuracies } ebatäpsust
}, { $mistakes ->
    [0] vigu pole
    [one] 1 viga
   *[other] { $mistakes } viga
}, { $blunders ->
    [0] jämedaid vigu pole
    [one] 1 jäme viga
   *[other] { $blunders } jämedat viga
}; { $accuracy ->
    [-1] täpsust pole: ühtki käiku ei hinnatud.
   *[other] täpsus { $accuracy } protsenti.
}
review-missing = { $missing ->
    [one] 1 seis jäi
   *[other] { $missing } seisu jäid
} hindamata; analüüs hindab need.
review-turning-count = { $count ->
    [one] 1 pöördepunkt; analüüs edasi näitab seda.
   *[other] { $count } pöördepunkti; analüüs edasi käib need läbi.
}
review-turning = Käik { $number }, { $color }: { $move }, { $judgement ->
    [inaccuracy] ebatäpsus
    [mistake] viga
   *[blunder] jäme viga
}.
review-better = Parem oli { $move }.
review-chances = { $side ->
    [white] Valge
   *[black] Musta
} võiduvõimalused tõusid { $before } protsendilt { $after } protsendile.
review-eval-pawns = { $color } on umbes { $pawns ->
    [one] ühe etturi
   *[other] { $pawns } etturi
} võrra paremas seisus.
review-line = Parem jätk: { $line }.
review-no-line = Mootor ei nimetanud siin paremat jätku.
review-no-turning = Selles partiis pole ühtki viga ega jämedat viga.
review-no-moves = Selles partiis pole käike, mida analüüsida.
review-running = Partii veel käib; analüüsi seda, kui see on lõppenud, või laadi salvestatud partii käsuga analüüs NIMI.
review-busy = Analüüs juba käib; stopp lõpetab selle.
review-not-reviewed = Seda partiid pole veel analüüsitud; kirjuta analüüs.
review-no-such-point = Pöördepunkti { $asked } pole; selles analüüsis on neid { $count }.
review-at-last = See oli viimane pöördepunkt; analüüs tagasi läheb eelmisele.
review-at-first = See on esimene pöördepunkt; analüüs edasi läheb edasi.
review-no-point-shown = Ühtki pöördepunkti ei näidata; analüüs edasi näitab esimest.
review-nothing-to-stop = Midagi pole käimas, mida peatada.
review-not-here = Partii lichessis veel käib; analüüsi seda, kui see on lõppenud.
