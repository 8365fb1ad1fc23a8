# Die Rennansicht (web/js/race.js): einen Raum veranstalten, seine Plätze, der Countdown, der
# laufende Zwischenstand, die Ergebnisse.

## Die Meldungszeile, während man einem Raum folgt.

race-stream-stopped = Die Live-Verbindung zum Rennen ist abgebrochen.
# $error ist der eigene Satz des Dienstes (schon in der Sprache der Seite), warum der Raum
# nicht erreichbar war.
race-still-trying = { $error } Verbindung zum Raum wird weiter versucht…
race-go-message = Los! Räume das Spielfeld vor den anderen ab.

## Die Meldungszeile, wenn ein Spieler fertig ist oder aussteigt. $name ist der Name des Spielers,
## $time seine Dauer (etwa 4:05), $place sein Platz in der Runde (1 für den ersten).

race-news-you-quit = Du bist ausgestiegen.
race-news-quit = { $name } ist ausgestiegen.
race-news-you-finished = Du bist nach { $time } fertig: Platz { $place }.
race-news-finished = { $name } ist nach { $time } fertig: Platz { $place }.
race-news-you-finished-untimed = Du bist fertig: Platz { $place }.
race-news-finished-untimed = { $name } ist fertig: Platz { $place }.

## Die Uhr der Runde. $elapsed und $limit sind Dauern wie 4:05 und 10:00.

race-clock = { $elapsed } von { $limit }
race-clock-past-limit = { $elapsed } von { $limit } (Zeitlimit überschritten)

## Die Regeln des Raums: kurze Angaben in einer Zeile, mit " · " verbunden.

# $difficulty ist die Schwierigkeit des Spiels: "easy", "normal" oder "hard".
race-rule-difficulty = { $difficulty ->
        [easy] Schwierigkeit leicht
        [normal] Schwierigkeit normal
        [hard] Schwierigkeit schwer
       *[other] Schwierigkeit { $difficulty }
    }
# $minutes ist das Zeitlimit der Runde in Minuten.
race-rule-minutes = { $minutes } Min.
race-rule-hints-on = Tipps an
race-rule-no-hints = keine Tipps
race-rule-handicap = Handicap
race-rule-ranked = gewertet
race-rule-unranked = ungewertet
# $level ist, wie schnell die CPU-Spieler spielen: "easy", "normal" oder "hard".
race-rule-cpu-speed = CPU-Tempo { $level ->
        [easy] leicht
        [normal] normal
        [hard] schwer
       *[other] { $level }
    }
# $seconds: nach wie vielen Sekunden ohne Zug eine CPU für einen untätigen Spieler spielt.
race-rule-stand-in = Vertretung nach { $seconds } s Untätigkeit

# Der Hinweis unter Rückgängig im Formular zum Veranstalten, wenn „Gewertet“ angehakt und
# Rückgängig „voll“ gewählt ist: Ein gewerteter Raum erlaubt höchstens „Aufgedecktes bleibt“ (der Name
# eines Rückgängig-Modus, wie im Formular).
race-undo-ranked = Ein gewerteter Raum spielt mit Rückgängig „Aufgedecktes bleibt“: Jeder Zug lässt sich rückgängig machen, außer einem, der eine neue Karte gezeigt hat (Austeilen oder ein Zug, der eine Karte aufgedeckt hat).

## Die Plätze des Raums.

race-tag-host = Gastgeber
race-tag-cpu = CPU
race-tag-you = du
race-remove = Entfernen
# Die Beschriftung der Entfernen-Schaltfläche für Screenreader. $name ist der Name des Spielers auf dem Platz.
race-remove-label = { $name } entfernen

## Die Schaltflächen und die Statuszeile des Raums.

race-start = Starten
race-play-again = Noch einmal spielen
race-opening = Raum wird eröffnet…
# Der Gastgeber vor der ersten Runde. $code ist der Code des Raums; $count die Zahl der Spieler darin.
race-status-host-waiting = Teile den Link oder den Code { $code }; starte, wenn alle da sind ({ $count ->
        [one] { $count } Spieler
       *[other] { $count } Spieler
    }).
# Die anderen vor der ersten Runde. $host ist der Name des Gastgebers; $count die Zahl der Spieler im Raum.
race-status-guest-waiting = Warten, bis { $host } startet ({ $count ->
        [one] { $count } Spieler
       *[other] { $count } Spieler
    } im Raum).
# Wie race-status-guest-waiting, wenn der Name des Gastgebers nicht bekannt ist.
race-status-guest-waiting-no-host = Warten, bis der Gastgeber startet ({ $count ->
        [one] { $count } Spieler
       *[other] { $count } Spieler
    } im Raum).
# $round ist die Nummer der Runde; $seconds die Sekunden bis zu ihrem Start.
race-status-countdown = Runde { $round } beginnt in { $seconds }…
race-status-go = Los!
# $round ist die Nummer der Runde.
race-status-running = Runde { $round } läuft.
race-status-running-waiting = Runde { $round } läuft: Warten, bis die anderen fertig sind.
# Folgt race-status-running für einen Spieler, der während der Runde beigetreten ist.
race-status-next-round = Du spielst ab der nächsten Runde mit.
race-status-over = Runde { $round } ist vorbei.
# Folgen race-status-over. $name ist der Name des Spielers auf Platz 1: "won", wenn er das
# Spielfeld abgeräumt hat, "came first", wenn die Runde vorher endete.
race-status-winner = { $name } hat gewonnen.
race-status-first = { $name } hat Platz 1 belegt.
# Folgen diesen, für den Gastgeber und für die anderen Spieler.
race-status-again = Noch einmal mit derselben Gruppe spielen?
race-status-wait-next = Warten, bis der Gastgeber die nächste Runde startet.

## Die Tabelle des Zwischenstands.

# Das Ergebnis eines Spielers. $standing ist "finished", "finished_late" (nach dem Zeitlimit),
# "playing", "quit" oder "unfinished" (die Runde endete, während er noch spielte).
race-result = { $standing ->
        [finished] fertig
        [finished_late] zu spät fertig
        [playing] spielt
        [quit] ausgestiegen
        [unfinished] nicht fertig
       *[other] { $standing }
    }
# Wie race-result, mit der Dauer: $time ist eine Dauer wie 4:05.
race-result-timed = { $standing ->
        [finished] fertig nach { $time }
        [finished_late] zu spät fertig nach { $time }
        [playing] spielt seit { $time }
        [quit] ausgestiegen nach { $time }
        [unfinished] nicht fertig nach { $time }
       *[other] { $standing } nach { $time }
    }
race-tag-stand-in = Vertretung
# Der Titel (Tooltip) der Markierung „Vertretung“.
race-stand-in-title = Eine CPU spielt für diesen untätigen Spieler
# Nach dem eigenen Namen des Spielers, nur für Screenreader.
race-standing-you = (du)
# Die Beschriftung des Fortschrittsbalkens für Screenreader. $name ist der Name des Spielers;
# $done von $total Folgen sind fertig.
race-progress-label = { $name }: { $done } von { $total } { $total ->
        [one] Folge
       *[other] Folgen
    }

## Die Meldungszeile nach den eigenen Aktionen des Spielers.

# $code ist der Code des Raums.
race-room-open = Raum { $code } ist eröffnet. Schick deinen Freunden den Link.
race-joined = Du bist Raum { $code } beigetreten.
# $error ist der eigene Satz des Dienstes (noch kein gewinnbares Spiel bereit); $seconds die Wartezeit.
race-retrying = { $error } (Neuer Versuch in { $seconds } s.)
race-you-quit-round = Du bist aus dieser Runde ausgestiegen.
# $name ist der Name des Spielers, dessen Platz der Gastgeber freigegeben hat.
race-seat-freed = Der Platz von { $name } ist wieder frei.
race-link-copied = Link kopiert: Schick ihn deinen Freunden.
race-copy-by-hand = Markiere den Link und kopiere ihn.
