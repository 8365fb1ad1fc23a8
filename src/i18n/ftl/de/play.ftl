# Das Spiel in Worten: Karten, das Spielfeld als Text, die Einwände der Regeln, was eine Aktion bewirkt hat.
# Eine Karte ist ihr Rang und dann das Symbol ihrer Farbe (♠ ♥ ♦ ♣): $rank ist 1 (Ass) bis 13 (König).

card = { $rank ->
    [1] A
    [11] B
    [12] D
    [13] K
   *[other] { $rank }
    }{ $suit }

# Die Zeile über dem Spielfeld. $variant ist "spider" oder "spiderette"; $status ist "playing",
# "won" oder "resigned".
board-header = { $variant ->
    [spiderette] Spiderette
   *[spider] Spider
    } { $suits } { $suits ->
    [one] Farbe
   *[other] Farben
    } · Punkte { $score } · noch { $deals } { $deals ->
    [one] Reihe
   *[other] Reihen
    } im Talon · Folgen { $runs }/{ $total }{ $status ->
    [won] {" · GEWONNEN"}
    [resigned] {" · aufgegeben"}
   *[playing] {""}
    }

illegal-game-over = Das Spiel ist beendet: Es nimmt keine weiteren Aktionen mehr an.
illegal-no-such-column = Es gibt keine Spalte { $column }.
illegal-same-column = Eine Karte kann nicht auf ihre eigene Spalte gezogen werden.
illegal-empty-group = Ein Zug muss mindestens eine Karte bewegen.
illegal-not-enough-face-up = Spalte { $column } hat nur { $face_up } aufgedeckte { $face_up ->
    [one] Karte
   *[other] Karten
    }, also nicht genug, um { $count } zu verschieben.
illegal-group-not-same-suit = Diese Karten haben nicht alle dieselbe Farbe: Eine Folge aus gemischten Farben wird Karte für Karte verschoben.
illegal-group-not-in-sequence = Diese Karten bilden keine Folge: Jede muss genau einen Rang unter der Karte darüber liegen.
illegal-landing-rank-mismatch = { $card } kann nicht auf { $onto } gelegt werden: Dort passt nur eine Karte, die genau einen Rang niedriger ist.
illegal-deal-with-empty-column = Du kannst nicht austeilen, solange eine Spalte leer ist: Lege zuerst in jede leere Spalte eine Karte.
illegal-stock-empty = Der Talon ist leer: Es gibt nichts mehr auszuteilen.
illegal-nothing-to-undo = Es gibt nichts, was sich rückgängig machen ließe.
illegal-undo-disabled = Rückgängig machen ist in diesem Spiel ausgeschaltet.
illegal-undo-would-hide-card = Das würde eine Karte wieder verdecken, die du schon gesehen hast: In diesem Spiel lässt sich weder ein Zug, der eine Karte aufgedeckt hat, noch ein Austeilen rückgängig machen.
illegal-no-destination = Keine Spalte kann die Karten am Ende von Spalte { $column } aufnehmen.

# Was eine Aktion bewirkt hat. $cards ist eine Karte oder eine Folge wie "9♠–6♠".
did-move = { $cards } von Spalte { $from } auf Spalte { $to } verschoben.
did-deal = Eine neue Reihe aus dem Talon ausgeteilt.
did-undo = Den letzten Zug rückgängig gemacht.
did-resign = Du hast aufgegeben.
did-remove-run = Eine Folge wurde vervollständigt und aus Spalte { $column } abgelegt.
# $columns zählt die Spalten auf ("3, 7"); $count ist ihre Anzahl.
did-turn-card = { $count ->
    [one] In Spalte { $columns } wurde eine Karte aufgedeckt.
   *[other] In den Spalten { $columns } wurde je eine Karte aufgedeckt.
    }
did-win = Du hast gewonnen, mit einer Punktzahl von { $score }!
# Was zwischen zwei Sätzen steht (im Deutschen ein Leerzeichen).
sentence-gap = {" "}

# Zusammen genannte Karten: eine Folge von ihrer ersten bis zu ihrer letzten Karte ("9♠–6♠").
card-group = { $first }–{ $last }
# Keine Karte (ein Tipp, der keine nennt).
card-group-empty = {""}

# Warum ein Tipp seine Aktion vorschlägt. $cards ist eine Karte oder eine Folge, $onto eine Karte; Spalten ab 1.
hint-game-over = Das Spiel ist beendet.
hint-try-undo = Es gibt keinen sinnvollen Zug mehr: Versuche, deine letzten Züge rückgängig zu machen.
hint-resign = Es gibt keinen sinnvollen Zug und kein sinnvolles Austeilen mehr: Du kannst aufgeben.
hint-deal = Teile eine neue Reihe aus dem Talon aus: Ein besserer Zug ist nicht in Sicht.
hint-deal-plain = Teile eine neue Reihe aus dem Talon aus.
hint-deal-quiet = Teile eine neue Reihe aus dem Talon aus: Deine letzten { $actions } Züge haben keine Karte aufgedeckt und keine Folge vervollständigt.
hint-into-empty = Verschiebe { $cards } von Spalte { $from } in die leere Spalte { $to }.
hint-fill-to-deal = Verschiebe { $cards } von Spalte { $from } in die leere Spalte { $to }, damit du austeilen kannst.
# $frees ist die Karte, auf der die verschobenen Karten lagen.
hint-into-empty-frees = Verschiebe { $cards } von Spalte { $from } in die leere Spalte { $to }: Dadurch wird { $frees } zum Anlegen frei.
# $suit ist das Symbol der Farbe (♠ ♥ ♦ ♣).
hint-completes-run = Lege { $cards } auf { $onto } in Spalte { $to }: Damit wird eine Folge in { $suit } vollständig.
hint-turns-card = Verschiebe { $cards } von Spalte { $from } auf Spalte { $to }: Dadurch wird in Spalte { $from } eine Karte aufgedeckt.
hint-empties-column = Verschiebe { $cards } von Spalte { $from } auf Spalte { $to }: Dadurch wird Spalte { $from } leer.
hint-builds-in-suit = Lege { $cards } auf { $onto } in Spalte { $to }: So baust du in derselben Farbe.
hint-build = Lege { $cards } auf { $onto } in Spalte { $to }.
hint-move-cards = Verschiebe { $count } { $count ->
        [one] Karte
       *[other] Karten
    } von Spalte { $from } auf Spalte { $to }.
# $first ist der Satz eines anderen Tipps.
hint-fill-every-hole = { $first } Deine letzten { $actions } Züge haben keine Karte aufgedeckt: Fülle jede leere Spalte, damit die nächste Reihe ausgeteilt werden kann.

# Warum ein Versuch bei der Täglichen Herausforderung Übung ist.
daily-practice = Übung: Dieser Versuch zählt nicht. Gewertet wird nur der erste Versuch, den ein registriertes Konto bei der Herausforderung eines Tages macht (Gäste spielen die Tägliche Herausforderung zur Übung).
daily-practice-guest = Gäste spielen die Tägliche Herausforderung zur Übung: Gewertet wird nur der erste Versuch eines registrierten Kontos. Registriere dich (deine Spiele kommen mit), um morgen gewertet zu spielen.
daily-practice-ranked-made = Deinen gewerteten Versuch bei dieser Herausforderung hast du schon gemacht: Weitere Versuche sind Übung.
daily-practice-seen-as-guest = Du hast diese Herausforderung gespielt, bevor dein Konto registriert war: Du kennst ihre Karten also schon, daher sind die heutigen Versuche Übung.
# Die CPU-Spieler eines Rennens. $percent: wie schnell sie im Vergleich zur mittleren Zeit der Menschen fertig werden wollen; $level ist easy, normal oder hard (das Wort der API).
race-cpu-note = CPU-Spieler kennen alle Karten des Spiels: Jeder spielt einen Gewinnweg, auf leichteren Stufen mit ein paar Umwegen, in einem Tempo, mit dem er in etwa { $percent } % der mittleren Zeit fertig wird, die Menschen brauchen, um diese Spielart zu gewinnen (Stufe { $level }).
