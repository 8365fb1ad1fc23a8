# Das Spielfeld der Webseite (web/js: util.js, board.js, input.js, table.js, main.js, api.js):
# das Spielfeld für Screenreader, die Zeile über dem Spielfeld, das Banner am Spielende, die
# Meldungszeile beim Spielen und die Namen, die alle Ansichten verwenden (Spielarten,
# Rückgängig-Modi, Status, Aktionen, Karten in Worten). Spalten sind ab 1 nummeriert.

## Namen, die auch andere Ansichten verwenden (util.js)

# Eine Karte in Worten, für Screenreader. $rank ist 1 (Ass) bis 13 (König); $suit ist "spades",
# "hearts", "diamonds" oder "clubs".
table-card-name = { $suit ->
        [spades] Pik
        [hearts] Herz
        [diamonds] Karo
        [clubs] Kreuz
       *[other] { $suit }
    } { $rank ->
        [1] Ass
        [11] Bube
        [12] Dame
        [13] König
       *[other] { $rank }
    }

# Eine Spielart. $variant ist "spider" oder "spiderette"; $suits ist 1, 2 oder 4.
table-kind = { $variant ->
        [spiderette] Spiderette
       *[spider] Spider
    }, { $suits ->
        [one] { $suits } Farbe
       *[other] { $suits } Farben
    }

# Rückgängig-Modi: ein kurzer Name und was der Modus erlaubt.
table-undo-full = voll
table-undo-full-about = Jeder Zug und jedes Austeilen lässt sich rückgängig machen.
table-undo-no-reveal = Aufgedecktes bleibt
table-undo-no-reveal-about = Jeder Zug lässt sich rückgängig machen, außer einem, der eine neue Karte gezeigt hat (Austeilen oder ein Zug, der eine Karte aufgedeckt hat).
table-undo-off = aus
table-undo-off-about = Nichts lässt sich rückgängig machen: Jeder Zug gilt.
# Die Rückgängig-Einstellung eines Raums in der Liste seiner Einstellungen. $mode ist einer der Namen oben.
table-undo-label = Rückgängig: { $mode }

# Der Status eines Spiels in einer Liste von Spielen.
table-status-playing = läuft
table-status-won = gewonnen
table-status-resigned = aufgegeben

# Eine Aktion in Worten (ein Schritt eines Gewinnwegs, die erste verlierende Aktion eines Spiels).
table-action-nothing = nichts
table-action-move = { $count ->
        [one] { $count } Karte
       *[other] { $count } Karten
    } von Spalte { $from } auf Spalte { $to } ziehen
table-action-deal = Eine Reihe aus dem Talon austeilen
table-action-undo = Rückgängig machen
table-action-resign = Aufgeben

## Das Spielfeld für Screenreader (board.js)

# $down und $up zählen die verdeckten und aufgedeckten Karten der Spalte.
table-column-label = Spalte { $column }: { $down } verdeckt, { $up ->
        [one] { $up } aufgedeckte Karte
       *[other] { $up } aufgedeckte Karten
    }
table-empty-column = Leere Spalte { $column }
# Die abgelegten Folgen neben dem Spielfeld: $runs von $total.
table-foundation-label = Abgelegte Folgen: { $runs } von { $total }
# Unter den Karten des Talons; $deals ist die Zahl der Reihen, die noch im Talon sind.
table-stock-count = { $deals ->
        [one] noch { $deals } Reihe
       *[other] noch { $deals } Reihen
    }
# Der Talon ist eine Schaltfläche, die austeilt.
table-stock-label = Talon: { $deals ->
        [one] noch { $deals } Reihe
       *[other] noch { $deals } Reihen
    }. Austeilen.
# Der Folgenzähler neben den Punkten: fertige von allen.
table-runs-stat = { $runs }/{ $total }

## Die Zeile über dem Spielfeld: welche Art Spiel es ist (board.js), Teile mit " · " verbunden

# Ein Versuch bei einer Täglichen Herausforderung. $date ist der Tag der Herausforderung.
table-label-daily-ranked = Tägliche Herausforderung { $date } (gewertet)
table-label-daily-practice = Tägliche Herausforderung { $date } (Übung)
table-label-race = Rennen
# $difficulty ist "easy", "normal" oder "hard".
table-label-race-difficulty = Rennen (Schwierigkeit { $difficulty ->
        [easy] leicht
        [normal] normal
        [hard] schwer
       *[other] { $difficulty }
    })
table-label-winnable = gewinnbares Spiel ({ $difficulty ->
        [easy] leicht
        [normal] normal
        [hard] schwer
       *[other] { $difficulty }
    })
table-label-replay = Wiederholung
# $deal ist die Nummer des Spiels.
table-label-deal = Spiel Nr. { $deal }
table-label-no-undo = ohne Rückgängig
table-label-undo-no-reveal = Rückgängig: Aufgedecktes bleibt
table-label-no-hints = keine Tipps
# Ob bei einer leeren Spalte ausgeteilt werden darf. $rule ist "strict" oder "allowed".
table-label-deal-rule = Austeilregel: { $rule ->
        [strict] streng
        [allowed] erlaubt
       *[other] { $rule }
    }

## Schaltflächen (board.js, table.js)

table-resign = Aufgeben
table-quit-race = Aussteigen
# Die Aufgeben- (oder Aussteigen-)Schaltfläche nach einem Klick: ein zweiter Klick bestätigt.
table-really-resign = Wirklich aufgeben?
table-really-quit = Wirklich aussteigen?
table-standings = Rangliste
table-new-game-button = Neues Spiel
table-play-again = Spiel neu starten
table-where-did-i-go-wrong = Wo lag mein Fehler?

## Das Banner am Ende eines Spiels (board.js)

table-banner-you-won = Du hast gewonnen!
table-banner-resigned = Spiel aufgegeben
table-banner-quit-round = Du bist aus dieser Runde ausgestiegen
# $actions zählt die Aktionen des Spielers; $time ist die Dauer des Spiels ("4:07").
table-banner-won = Punktzahl { $score } · { $actions ->
        [one] { $actions } Zug
       *[other] { $actions } Züge
    } · { $time }.
# Ein nicht gewonnenes Spiel: $runs von $total Folgen fertig.
table-banner-over = { $runs } von { $total } Folgen fertig, Punktzahl { $score }.
# Folgt dem Satz oben, wenn das Spiel eine Nummer hat. $deal ist diese Nummer.
table-banner-deal = Spiel Nr. { $deal }.

## Die Meldungszeile (table.js, input.js, main.js)

table-welcome = Willkommen! Tippe auf eine Karte und dann auf eine Spalte, um sie zu verschieben, oder ziehe sie dorthin.
# $error ist, was schiefging, in den Worten des Browsers.
table-error-unexpected = Etwas ist schiefgegangen: { $error }
# $detail ist der Einwand des Servers (ein anderer Tab oder ein anderes Gerät hat zuerst gespielt).
table-version-conflict = { $detail } (Das Spielfeld zeigt jetzt den aktuellen Stand des Spiels.)
table-you-won-points = { $score ->
        [one] Du hast mit { $score } Punkt gewonnen!
       *[other] Du hast mit { $score } Punkten gewonnen!
    }
table-deal-number-invalid = Eine Spielnummer ist eine ganze Zahl (leer lassen für ein zufälliges Spiel).
# Ein neues Spiel wurde ausgeteilt. $kind ist die Spielart ("Spider, 2 Farben", siehe table-kind).
table-new-game = Neues Spiel: { $kind }. Viel Glück!
# Dasselbe mit der gewünschten Nummer des Spiels: $deal.
table-new-game-deal = Neues Spiel: { $kind }, Nr. { $deal }. Viel Glück!
table-stuck-undo-or-resign = Kein Zug und kein Austeilen mehr möglich: Mach etwas rückgängig oder gib auf.
table-stuck-resign = Kein Zug und kein Austeilen mehr möglich: Gib auf, um das Spiel zu beenden.
table-you-resigned = Du hast dieses Spiel aufgegeben.
table-restarted = Dasselbe Spiel noch einmal, von vorn.
table-column-empty = Spalte { $column } ist leer.
# Die Tasten 1–9 und 0 nehmen die beweglichen Karten einer Spalte auf. $cards zählt sie auf
# ("9♠ 8♠ 7♠"), $count ist ihre Anzahl; dann drückt der Spieler die Nummer einer anderen Spalte.
table-picked-up = { $count ->
        [one] Spalte { $column }: { $cards } aufgenommen. Drücke die Nummer der Spalte, auf die sie soll ({ $column } noch einmal: an ihre beste Stelle; Esc: abbrechen).
       *[other] Spalte { $column }: { $cards } aufgenommen. Drücke die Nummer der Spalte, auf die sie sollen ({ $column } noch einmal: an ihre beste Stelle; Esc: abbrechen).
    }

## Was die Seite sagt, wenn sie den Server nicht erreicht (api.js)

table-session-ended = Deine Sitzung ist abgelaufen: Melde dich erneut an, um weiterzuspielen.
table-server-unreachable = Der Spielserver ist nicht erreichbar. Prüfe deine Verbindung und versuche es erneut.
# Der Server ist ohne Begründung gescheitert. $status ist der HTTP-Statuscode (503), $text seine
# Worte, wie der Server sie geschickt hat ("Service Unavailable"), oft leer.
table-server-answered = Der Server hat mit { $status } { $text } geantwortet.
# Ein Fehler ganz ohne Worte: $status ist der HTTP-Statuscode.
table-http-status = HTTP { $status }
# Eine offene Karte mit Namen und Platz: $position zählt von oben, verdeckte Karten mit, von $count in der Spalte.
table-card-place = { $card }, Spalte { $column }, Karte { $position } von { $count }
# Eine verdeckte Karte (nie benannt), nach ihrem Platz.
table-card-face-down = Verdeckte Karte, Spalte { $column }, Karte { $position } von { $count }
# Nach einem Zug: $card ist die erste bewegte Karte, $count wie viele.
announce-moved = { $count ->
        [one] { $card } von Spalte { $from } auf Spalte { $to } gezogen.
       *[other] { $count } Karten ab { $card } von Spalte { $from } auf Spalte { $to } gezogen.
    }
announce-turned = { $card } in Spalte { $column } aufgedeckt.
announce-run = Die Folge ab { $card } ist vollständig: { $runs } von { $total }.
announce-dealt = { $deals ->
        [0] Eine Reihe ausgeteilt; der Talon ist leer.
        [one] Eine Reihe ausgeteilt; noch einmal austeilen möglich.
       *[other] Eine Reihe ausgeteilt; noch { $deals }-mal austeilen möglich.
    }
announce-undone = Die letzte Aktion wurde rückgängig gemacht.
table-read-column = Spalte { $column }: { $down ->
        [0] {""}
        [one] eine verdeckte Karte, dann
       *[other] { $down } verdeckte Karten, dann
    } { $cards }.
table-read-empty = Spalte { $column }: leer.
table-read-rest = { $deals ->
        [0] Der Talon ist leer;
        [one] noch einmal austeilen;
       *[other] noch { $deals }-mal austeilen;
    } { $runs } von { $total } Folgen vollständig.
