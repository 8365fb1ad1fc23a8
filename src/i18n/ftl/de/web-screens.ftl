# Die Ansichten der Webseite: das Feld der Täglichen Herausforderung, die Analyse eines Spiels (und sein
# Gewinnweg, auf dem Spielfeld nachgespielt), Meine Spiele, Statistik und die ewigen Bestenlisten.
# $kind ist eine Spielart in Worten, etwa "Spider, 1 Farbe".

## Von mehreren Ansichten verwendet

screens-loading = Wird geladen…
# Nach dem Namen eines Spielers in einer Bestenliste, nur für Screenreader: die Zeile bin ich.
# Beginnt mit einem Leerzeichen (der Name steht direkt davor).
screens-player-you = {" "}(du)
# Die letzte Spalte einer Bestenliste: wonach sie sortiert ist.
screens-measure-score = Punkte
screens-measure-time = Zeit
screens-measure-moves = Züge

## Das Feld der Täglichen Herausforderung (in der Spielansicht)

# $error ist der eigene Satz des Servers, unverändert angezeigt.
screens-daily-unavailable = Tägliche Herausforderung nicht verfügbar: { $error }
screens-daily-none = Für diese Einstellung gibt es keine Tägliche Herausforderung.
# $date ist das heutige Datum (der Tag in UTC), $players die Zahl der Spieler mit gewertetem
# Versuch, $hours und $minutes die Zeit bis zum Ende der Herausforderung.
screens-daily-info = { $date } (UTC) · { $kind } · { $players ->
        [one] { $players } gewerteter Spieler
       *[other] { $players } gewertete Spieler
    } · endet in { $hours } Std. { $minutes } Min.
# Einer meiner Versuche bei der heutigen Herausforderung. $type ist "ranked" oder "practice"; $status ist
# der Stand des Spiels in Worten ("läuft", "gewonnen", "aufgegeben"); $runs die Zahl der fertigen Folgen.
screens-daily-attempt = { $type ->
        [ranked] Gewertet
       *[practice] Übung
    } · { $status } · { $score ->
        [one] { $score } Punkt
       *[other] { $score } Punkte
    } · { $runs ->
        [one] { $runs } Folge
       *[other] { $runs } Folgen
    }
# Statt einer Schaltfläche neben dem Versuch, der gerade auf dem Spielfeld liegt.
screens-daily-on-table = auf dem Spielfeld
screens-daily-resume-attempt = Fortsetzen
screens-daily-view-attempt = Ansehen
# Die Beschriftung der Schaltfläche der Täglichen Herausforderung: Ein Versuch läuft, nur Übung ist noch möglich, oder keins von beidem.
screens-daily-button-resume = Herausforderung fortsetzen
screens-daily-button-practice = Tägliche Herausforderung (Übung)
screens-daily-button = Tägliche Herausforderung
screens-leaderboard-title = Bestenliste
# $date ist der Tag der Bestenliste.
screens-leaderboard-title-date = Bestenliste { $date }
screens-leaderboard-empty = Heute hat noch niemand gespielt.
# $type ist "ranked" oder "practice".
screens-daily-back = { $type ->
        [ranked] Zurück zum heutigen gewerteten Versuch.
       *[practice] Zurück zum heutigen Übungsversuch.
    }
# $error ist der Satz des Servers, dass der gewertete Versuch noch läuft; die Seite zeigt ihn dann.
screens-daily-back-open = { $error } Hier ist er.
screens-daily-started-ranked = Tägliche Herausforderung von heute: Dieser Versuch wird gewertet. Viel Glück!
# $reason ist der Satz des Servers, warum dieser Versuch eine Übung ist (oder screens-daily-practice).
screens-daily-started-practice = Tägliche Herausforderung von heute. { $reason }
screens-daily-practice = Dieser Versuch ist ein Übungsversuch.

## Die Analyse eines Spiels

screens-analysis-pick = Wähle unter „Meine Spiele“ ein beendetes Spiel aus.
screens-analysis-loading = Spiel wird geladen…
screens-analysis-won = Du hast gewonnen
screens-analysis-resigned = Aufgegeben
screens-analysis-in-progress = Läuft noch
# Die Eckdaten des Spiels: eine Liste von Namen und Werten.
screens-analysis-fact-game = Spiel
screens-analysis-fact-score = Punktzahl
screens-analysis-fact-runs = Folgen
screens-analysis-fact-actions = Aktionen
screens-analysis-fact-time = Zeit
# $deal ist die Nummer des Spiels.
screens-analysis-game-deal = { $kind }, Nr. { $deal }
# $done fertige Folgen von den $total des Spiels.
screens-analysis-runs = { $done } von { $total }
# $actions sind alle Aktionen des Spiels; dann, wie viele davon Züge, Austeilen und Rückgängig waren.
screens-analysis-actions = { $actions } ({ $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Züge
    }, { $deals }× ausgeteilt, { $undos }× rückgängig gemacht)
screens-analysis-continue = Spiel fortsetzen
screens-analysis-play-again = Spiel neu starten
screens-analysis-after-game = Die Analyse öffnet sich, sobald das Spiel beendet ist.
screens-analysis-wait = Das Spiel wird mit allen Karten analysiert… (bis zu 20 Sekunden)
# $error ist der Satz des Servers, dass die Suche ausgelastet ist; $seconds die Wartezeit bis zur nächsten Anfrage.
screens-analysis-retry = { $error } Neuer Versuch in { $seconds } s…
# Das Urteil: wie das Spiel verlief.
screens-verdict-won = Du hast dieses Spiel gewonnen.
screens-verdict-never-winnable = Dieses Spiel war nicht zu gewinnen, egal wie du gespielt hättest.
screens-verdict-lost = Das Spiel war zu gewinnen, doch eine Aktion hat den Sieg verspielt.
screens-verdict-still-winnable = Als das Spiel endete, war es noch zu gewinnen.
screens-verdict-unknown = Die Suche konnte nicht klären, wo dieses Spiel verloren ging.
# Ob das Spiel überhaupt zu gewinnen war.
screens-deal-winnable = Das Spiel war von Anfang an gewinnbar.
screens-deal-not-winnable = Das Spiel war von Anfang an nicht gewinnbar.
screens-deal-unknown = Ob das Spiel von Anfang an gewinnbar war, ließ sich im Rahmen des Suchbudgets nicht klären.
# $step ist screens-analysis-losing-step, fett angezeigt.
screens-analysis-losing = Der entscheidende Fehler: { $step }. Davor war das Spiel noch zu gewinnen, danach nicht mehr.
# $number ist die Nummer der Aktion im Spiel, $action die Aktion in Worten ("Eine Reihe aus dem Talon austeilen").
screens-analysis-losing-step = Aktion { $number } ({ $action })
# Die Suche hat bewiesen, dass das Spiel nach den ersten $after Aktionen gewinnbar war ($after kann
# "?" sein: nicht bewiesen), und (die zweite) nach den ersten $lost verloren.
screens-analysis-bounds = Bewiesen: gewinnbar nach { $after ->
        [one] { $after } Aktion
       *[other] { $after } Aktionen
    }; der entscheidende Fehler liegt danach.
screens-analysis-bounds-lost = Bewiesen: gewinnbar nach { $after ->
        [one] { $after } Aktion
       *[other] { $after } Aktionen
    }, verloren nach { $lost }; der entscheidende Fehler liegt dazwischen.
screens-analysis-line-title = Ein Gewinnweg
# $count ist die Zahl der Aktionen des Gewinnwegs; er beginnt nach dem ersten Austeilen.
screens-analysis-line-from-opening = Ab der letzten nachweislich gewinnbaren Stellung (nach dem ersten Austeilen) { $count ->
        [one] gewinnt diese Aktion.
       *[other] gewinnen diese { $count } Aktionen.
    }
# $count ist die Zahl der Aktionen des Gewinnwegs; er beginnt nach den ersten $after Aktionen des Spielers.
screens-analysis-line-from-after = Ab der letzten nachweislich gewinnbaren Stellung (nach { $after ->
        [one] deiner ersten Aktion
       *[other] deinen ersten { $after } Aktionen
    }) { $count ->
        [one] gewinnt diese Aktion.
       *[other] gewinnen diese { $count } Aktionen.
    }
screens-analysis-previous-step = Vorheriger Schritt
screens-analysis-next-step = Nächster Schritt
# $step ist die Nummer des Schritts im Gewinnweg, von $total; $action der Schritt in Worten.
screens-analysis-step = Schritt { $step } von { $total }: { $action }.
screens-analysis-play-line = Auf dem Spielfeld nachspielen
screens-analysis-play-line-note = Das Nachspielen startet dieses Spiel neu (das zählt nur für deine Statistik, als Spiel mit bekannten Karten), spielt deine ersten Aktionen bis zum Gewinnweg nach und zeigt dann jeden Schritt des Gewinnwegs auf dem Spielfeld.
screens-analysis-cleared = Nichts zu verbessern: Du hast das Spielfeld abgeräumt.
# $positions ist die Zahl der durchsuchten Stellungen; $seconds die Dauer (eine Nachkommastelle).
screens-analysis-searched = { $positions ->
        [one] { $positions } Stellung in { $seconds } s durchsucht.
       *[other] { $positions } Stellungen in { $seconds } s durchsucht.
    }
# Während das Spiel bis zum Gewinnweg nachgespielt wird: $done von $total Aktionen bisher.
screens-line-replaying = Dein Spiel wird nachgespielt: { $done } von { $total ->
        [one] { $total } Aktion…
       *[other] { $total } Aktionen…
    }
screens-line-ready = Das ist die letzte Stellung, die noch zu gewinnen war. Folge den hervorgehobenen Schritten.
# Die Leiste über dem Spielfeld, während sie durch den Gewinnweg führt.
screens-guide-label = Gewinnweg
screens-guide-off-line = Du hast den Gewinnweg verlassen: Mach Züge rückgängig, um zurückzukehren, oder spiel weiter.
screens-guide-done = Das war der ganze Gewinnweg.
# $step ist die Nummer des Schritts im Gewinnweg, von $total; $action der Schritt in Worten.
screens-guide-step = Gewinnweg, Schritt { $step } von { $total }: { $action }.
screens-guide-play-step = Schritt ausführen
screens-guide-stop = Führung beenden

## Meine Spiele

screens-games-empty = Noch keine Spiele.
# $deal ist die Nummer des Spiels.
screens-games-kind-deal = { $kind } · Nr. { $deal }
# Was die Schaltfläche einer Zeile tut, für Screenreader. $when ist Datum und Uhrzeit des Spielbeginns.
screens-games-continue-label = Weiter mit dem Spiel { $kind } vom { $when }
screens-games-result-label = Ergebnis des Spiels { $kind } vom { $when }
screens-games-continue = Weiter
screens-games-result = Ergebnis

## Statistik und Rennwertungen

# $name ist der Benutzername des Kontos.
screens-records-signed-in = Angemeldet als { $name }.
screens-records-guest = Ein Gastkonto in diesem Browser: Registriere dich, um deine Statistik überall zu haben.
screens-records-empty = Noch keine Spiele: Spiel doch eins!
# Die aktuelle Siegesserie und die längste in Klammern.
screens-records-streak = { $current } ({ $longest })
# Eine Rennwertung: $rating ist die Wertung (fett), $rounds die Zahl der gewerteten Runden dahinter.
screens-records-rating = { $kind }: { $rating } nach { $rounds ->
        [one] { $rounds } gewerteten Runde
       *[other] { $rounds } gewerteten Runden
    }
screens-records-no-rating = Noch kein gewertetes Rennen: Alle beginnen bei 1500.

## Die ewigen Bestenlisten

screens-boards-empty = In dieser Bestenliste steht noch niemand: Gewinne ein Spiel, um hier den Anfang zu machen.
# Mein Platz in der Bestenliste: $rank, und $value meine Punkte, Zeit oder Züge.
screens-boards-you = Du bist auf Platz { $rank } ({ $value }).
screens-boards-not-you = Du stehst noch nicht in dieser Bestenliste.

## Puzzles

screens-puzzle-goal = { $goal } in höchstens { $within ->
        [one] { $within } Zug
       *[other] { $within } Zügen
    } (Wertung { $rating })
screens-puzzle-goal-win = Gewinne das Spiel
screens-puzzle-goal-remove-run = Lege eine Folge ab
screens-puzzle-goal-empty-column = Leere eine Spalte
screens-puzzle-goal-turn-card = Decke eine Karte auf
screens-puzzle-card = { $card }, Spalte { $column }
screens-puzzle-column = Spalte { $column }
screens-puzzle-face-down = { $count } verdeckt
screens-puzzle-going = Auf gutem Weg: { $left ->
        [one] noch { $left } Zug.
       *[other] noch { $left } Züge.
    }
screens-puzzle-solved = Gelöst!
screens-puzzle-failed = Nach Zug { $mistake } ist das Ziel nicht mehr erreichbar. Die Lösung: { $answer }.
screens-puzzle-rating = Deine Puzzle-Wertung: { $before } → { $after }.
screens-puzzle-streak = Serie: { $score }
screens-puzzle-streak-over = Serie vorbei: { $score } gelöst.

## Arenas

screens-arenas-empty = Gerade läuft keine Arena, und es ist auch keine geplant.
screens-arenas-mine-empty = Du hast noch in keiner Arena gespielt.
# $state ist running, upcoming oder over; $start und $end sind Zeitpunkte, wie die Sprache sie schreibt.
screens-arena-line = { $title } · { $kind } · { $state ->
        [running] bis { $end }
        [upcoming] von { $start } bis { $end }
       *[over] beendet am { $end }
    } · { $players ->
        [one] { $players } Spieler
       *[other] { $players } Spieler
    }
screens-arena-open = Öffnen
screens-arena-open-label = { $title } öffnen
# $undo ist full, no_reveal oder off; $hints und $rated sind yes oder no.
screens-arena-rules = { $deals } Spiele, Rückgängig { $undo ->
        [full] erlaubt
        [no_reveal] (Aufgedecktes bleibt)
       *[off] aus
    }, Tipps { $hints ->
        [yes] erlaubt
       *[no] aus
    }{ $rated ->
        [yes] , gewertet (nur registrierte Spieler)
       *[no] {""}
    }
screens-arena-you = Du: Platz { $place }, { $points ->
        [one] { $points } Punkt
       *[other] { $points } Punkte
    }, { $won } von { $played } gewonnen{ $fire ->
        [yes] {" "}(Siegesserie)
       *[no] {""}
    }
screens-arena-final = Dein Endstand: Platz { $place }, { $points ->
        [one] { $points } Punkt
       *[other] { $points } Punkte
    }, { $won } von { $played } gewonnen
screens-arena-nobody = Noch ist niemand beigetreten.
screens-arena-won-of = { $won } von { $played }
screens-arena-deal-started = Spiel Nr. { $deal } der Arena { $title } liegt auf dem Spielfeld.
