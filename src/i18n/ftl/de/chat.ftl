# Chat: die Befehle von POST /v1/games/{id}/commands und der Bots für Discord, Slack und Telegram,
# und was sie antworten. Die Befehle selbst (`3 7`, `d`, `new`, `link CODE yes`…) werden in jeder
# Sprache so getippt, wie sie hier stehen: unverändert lassen, mit ihren Backquotes.

command-grammar = Befehle: `3 7` zieht von Spalte 3 auf Spalte 7, `3 7 2` zieht zwei Karten, `3` macht den besten Zug aus Spalte 3, `d` teilt aus, `u` macht rückgängig, `h` gibt einen Tipp, `b` zeigt das Spielfeld, `resign` gibt auf.
# $grammar ist command-grammar.
command-too-long = Ein Befehl hat höchstens { $max } Zeichen. { $grammar }
command-empty = Der Befehl ist leer. { $grammar }
command-unknown = Ich habe „{ $text }“ nicht verstanden. { $grammar }
command-body = Sende {"{"}"command": "3 7"{"}"} als JSON oder den Befehl als text/plain: { $error }.
command-not-utf8 = Der Befehl ist kein gültiger UTF-8-Text.

## Die Bots

chat-help = Spider Solitär. Befehle:
    • `new [1|2|4] [spider|spiderette]`: ein neues Spiel (1 Farbe, Spider, wenn du nichts anderes sagst)
    • `daily [1|2|4]`: die Tägliche Herausforderung von heute; dein erster Versuch wird gewertet
    • `puzzle [1|2|4]`: das heutige Puzzle, `puzzle next` eines, das zu deiner Wertung passt; deine Züge gehen an das Puzzle, bis es vorbei ist, `puzzle stop` führt zurück zu deinem Spiel
    • `3 7` zieht von Spalte 3 auf Spalte 7, `3 7 2` zieht zwei Karten, `3` macht den besten Zug aus Spalte 3
    • `d` teilt eine neue Reihe aus, `u` macht rückgängig, `h` gibt einen Tipp, `b` zeigt das Spielfeld, `resign` gibt auf
    • `arena` zeigt die Arenen hier, `arena join` spielt in einer mit (Spiel für Spiel: `arena next` für das nächste, `arena next berserk` ohne Rückgängigmachen für einen Punkt mehr), `arena standings` zeigt die Tabelle, `arena new [1|2|4] [minutes]` startet hier eine
    • `games` listet deine laufenden Spiele auf, `resume N` kehrt zu einem davon zurück
    • `records` zeigt deine Statistik, `share` zeigt allen hier das Ergebnis eines beendeten Spiels
    • `link CODE` spielt mit deinem eigenen Konto (erstelle den Code in deinem Konto auf der Webseite; `link CODE yes` bestätigt), `unlink` beendet das und gibt dir deine Spiele zurück
    • `lang de` spricht Deutsch mit dir (en, de, fr, es, pt-BR, ja; `lang auto`: die Sprache deiner App)
chat-not-understood = Ich habe { $text } nicht verstanden.
    { chat-help }
chat-private-daily = Die Tägliche Herausforderung wird im privaten Chat mit dem Bot gespielt: Hier könnten alle ihre Karten sehen. Schick `daily` direkt an den Bot.
chat-code-burned = Dieser Code wurde dort eingegeben, wo andere ihn lesen können, deshalb funktioniert er nicht mehr: Erstelle in deinem Konto einen neuen und schick `link CODE` in einem privaten Chat an den Bot.
attempts-chat-commands-server = Befehle von diesem Server
attempts-link-codes-server = Versuche mit Verknüpfungscodes von diesem Server
# $platform ist Discord, Slack oder Telegram; $games, wie viele Spiele übertragen wurden; $practice,
# wie viele gewertete Versuche der Täglichen Herausforderung zu Übungsversuchen wurden.
chat-linked = Verknüpft: Dein { $platform }-Konto spielt jetzt als { $username }.{ $games ->
        [0] {""}
        [one] {" "}1 Spiel von hier wurde in dieses Konto übertragen.
       *[other] {" "}{ $games } Spiele von hier wurden in dieses Konto übertragen.
    }{ $practice ->
        [0] {""}
        [one] {" "}1 gewerteter Versuch bei der Täglichen Herausforderung wurde zum Übungsversuch: Ein gewerteter Versuch zählt nur in dem Konto, in dem er gespielt wurde.
       *[other] {" "}{ $practice } gewertete Versuche bei der Täglichen Herausforderung wurden zu Übungsversuchen: Ein gewerteter Versuch zählt nur in dem Konto, in dem er gespielt wurde.
    } `unlink` macht das rückgängig und gibt dir deine Spiele zurück.
chat-unlinked = Verknüpfung aufgehoben: Dein { $platform }-Konto spielt nicht mehr als { $username }; { $games ->
        [0] keines deiner Spiele war übertragen worden
        [one] das eine Spiel, das die Verknüpfung übertragen hatte, ist wieder bei dir
       *[other] die { $games } Spiele, die die Verknüpfung übertragen hatte, sind wieder bei dir
    }. Spiele, die du während der Verknüpfung gespielt hast, bleiben bei jenem Konto.
chat-link-question = Dieser Code verknüpft dein { $platform }-Konto mit dem Konto { $username }: Ab dann spielst du hier mit diesem Konto{ $games ->
        [0] .
        [one] , und 1 Spiel von hier wird in dieses Konto übertragen.
       *[other] , und deine { $games } Spiele von hier werden in dieses Konto übertragen.
    }{ $practice ->
        [0] {""}
        [one] {" "}1 gewerteter Versuch bei der Täglichen Herausforderung würde zum Übungsversuch.
       *[other] {" "}{ $practice } gewertete Versuche bei der Täglichen Herausforderung würden zu Übungsversuchen.
    } Wenn dieses Konto dir gehört, sende `link { $code } yes`; `unlink` macht es später rückgängig und gibt dir deine Spiele zurück. Wenn dir jemand anderes diesen Code gegeben hat, ignoriere ihn: Es hat sich nichts geändert.
# Eine Spielart: $variant ist spider oder spiderette, $suits 1, 2 oder 4.
chat-kind = { $variant ->
        [spiderette] Spiderette
       *[spider] Spider
    } { $suits } { $suits ->
        [one] Farbe
       *[other] Farben
    }
# $kind ist chat-kind.
chat-new-game = Neues Spiel: { $kind }. Schreib `3 7`, um von Spalte 3 auf Spalte 7 zu ziehen, `d` zum Austeilen, `h` für einen Tipp.
chat-daily-ranked = Tägliche Herausforderung von heute, { $kind }: Das ist dein gewerteter Versuch. Ein Zug, der eine Karte aufgedeckt hat, lässt sich nicht rückgängig machen.
chat-daily-practice = Tägliche Herausforderung von heute, { $kind }: Dieser Versuch ist ein Übungsversuch (deinen gewerteten Versuch hast du schon gemacht), er kommt also nicht in die Bestenliste.
chat-daily-resumed = Dein gewerteter Versuch bei der heutigen Herausforderung ({ $kind }) läuft noch: Er ist wieder dein aktuelles Spiel.
chat-no-games = Du hast kein laufendes Spiel: Schreib `new`, um eines zu starten, oder `daily`.
chat-games-title = Deine laufenden Spiele:
# $daily ist none, ranked oder practice (dann ist $date der Tag); $current ist yes für das Spiel,
# an das die Befehle gehen.
chat-games-line = { $number }. { $kind }{ $daily ->
        [ranked] , Tägliche Herausforderung { $date } (gewertet)
        [practice] , Tägliche Herausforderung { $date } (Übung)
       *[none] {""}
    } · Punkte { $score } · Züge { $moves } · Folgen { $runs }{ $current ->
        [yes] {" "}(aktuell)
       *[no] {""}
    }
chat-games-resume = Schreib `resume N`, um eines davon zu spielen.
chat-no-such-game = { $listed ->
        [one] Du hast nur { $listed } laufendes Spiel in der Liste, kein Spiel { $number }
       *[other] Unter deinen { $listed } aufgelisteten laufenden Spielen gibt es kein Spiel { $number }
    }: Schreib `games`, um die nummerierte Liste zu sehen.
chat-resumed = Zurück zu Spiel { $number }: { $kind }.
chat-no-records = Noch keine Statistik für { $username }: Beende ein Spiel (`new`), dann zählt es.
chat-records-title = Statistik von { $username }:
# $best ist chat-records-best oder nichts, $fastest chat-records-fastest oder nichts.
chat-records-line = { $kind }: { $played } gespielt, { $won } gewonnen{ $best }{ $fastest }, Serie { $streak } (längste { $longest })
chat-records-best = , beste Punktzahl { $score }
# $time ist Minuten:Sekunden.
chat-records-fastest = , schnellster Sieg { $time }
chat-no-game = Du hast hier noch kein Spiel: Schreib `new`, um eines zu starten, oder `daily` für die heutige Herausforderung.
chat-share-unfinished = Dein Spiel läuft noch: Beende es (oder `resign`), dann zeigt `share` sein Ergebnis hier.
# $time ist chat-share-time oder nichts, wenn die Zeit nicht bekannt ist.
chat-share-won = { $username } hat { $kind }{ $daily ->
        [ranked] {" "}(Tägliche Herausforderung vom { $date }, gewertet)
        [practice] {" "}(Tägliche Herausforderung vom { $date }, Übung)
       *[none] {""}
    } gewonnen: { $score } Punkte in { $moves } Zügen{ $time }.
# $time ist Minuten:Sekunden.
chat-share-time = , { $time }
chat-share-resigned = { $username } hat { $kind }{ $daily ->
        [ranked] {" "}(Tägliche Herausforderung vom { $date }, gewertet)
        [practice] {" "}(Tägliche Herausforderung vom { $date }, Übung)
       *[none] {""}
    } nach { $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Zügen
    } aufgegeben, mit { $runs } von { $total } Folgen und einer Punktzahl von { $score }.
# `lang`: $language ist der eigene Name der Sprache (Deutsch, 日本語…).
chat-language-now = Ich spreche hier { $language } mit dir. `lang de` (oder en, fr, es, pt-BR, ja) ändert das; `lang auto` kehrt zur Sprache deiner App zurück.
chat-language-set = Ab jetzt spreche ich hier { $language } mit dir.
chat-language-auto = Ab jetzt spreche ich hier die Sprache deiner App mit dir (derzeit { $language }).
chat-language-unknown = { $language } spreche ich nicht: Versuch es mit en, de, fr, es, pt-BR oder ja (oder `lang auto`).
language-name = { $tag ->
        [de] Deutsch
        [fr] français
        [es] español
        [pt-BR] português (Brasil)
        [ja] 日本語
       *[en] English
    }

## Sätze in den Antworten der API

# Ein neuer Verknüpfungscode: wo er einzugeben ist. $code ist der Code, genau so einzugeben.
chat-link-instructions = Gib `/spider link { $code }` in Discord oder Slack ein oder schick dem Telegram-Bot `link { $code }`, innerhalb von { $minutes } Minuten.

## Puzzles im Chat

# $kind ist chat-kind; $goal eine der puzzle-goal-*-Meldungen.
chat-puzzle-daily = Das heutige Puzzle ({ $kind }): { $goal } in höchstens { $within ->
        [one] { $within } Zug
       *[other] { $within } Zügen
    } (Wertung { $rating }). Schreib deine Züge (`3 7`, `3 7 2`); `puzzle stop` führt zurück zu deinem Spiel.
chat-puzzle-next = Ein Puzzle ({ $kind }): { $goal } in höchstens { $within ->
        [one] { $within } Zug
       *[other] { $within } Zügen
    } (Wertung { $rating }). Schreib deine Züge (`3 7`, `3 7 2`); `puzzle stop` führt zurück zu deinem Spiel.
puzzle-goal-win = gewinne das Spiel
puzzle-goal-remove-run = lege eine Folge ab
puzzle-goal-empty-column = leere eine Spalte
puzzle-goal-turn-card = decke eine Karte auf
chat-puzzle-going = Auf gutem Weg: Das Ziel ist weiterhin erreichbar, du hast noch { $left ->
        [one] { $left } Zug
       *[other] { $left } Züge
    }.
chat-puzzle-solved = Gelöst!
chat-puzzle-failed = Nach Zug { $mistake } ist das Ziel nicht mehr erreichbar, egal welche Karten verdeckt liegen. Die Lösung: { $answer }.
chat-puzzle-rating = Deine Puzzle-Wertung: { $before } → { $after }.
chat-puzzle-moves-only = Ein Puzzle kennt nur Kartenzüge (`3 7`, `3 7 2`): kein Austeilen, kein Rückgängigmachen, kein Tipp. `puzzle stop` führt zurück zu deinem Spiel.
chat-puzzle-stopped = Puzzle verlassen: Deine Züge gehen wieder an dein Spiel.
chat-puzzle-none = Du hast kein Puzzle offen: `puzzle` zeigt das heutige.

## Arenen ($title ist der Titel der Arena in einem Code-Span, $kind die Farben und die Variante,
## $code der achtstellige Code der Arena, $time eine Uhrzeit in UTC)

chat-arena-none = Hier läuft keine Arena, und es ist auch keine geplant: `arena new [1|2|4] [minutes]` startet eine.
chat-arena-running = Jetzt: { $title } ({ $kind }), noch { $left ->
    [one] { $left } Minute
   *[other] { $left } Minuten
    }, { $players ->
    [one] { $players } Spieler
   *[other] { $players } Spieler
    }: `arena join { $code }`
chat-arena-upcoming = Als Nächstes: { $title } ({ $kind }) um { $time } UTC, { $minutes } Minuten lang: `arena join { $code }`
chat-arena-you = Du: Platz { $place }, { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
    }.
chat-arena-last = Die letzte Arena hier war { $title }: `arena standings` zeigt ihre Ergebnisse.
chat-arena-waiting = Du bist der Arena { $title } beigetreten. Die Arena beginnt um { $time } UTC: Schreib dann `arena next` für dein erstes Spiel.
chat-arena-deal = { $title }, dein Spiel Nr. { $deal }{ $berserk ->
    [yes] {" "}(Berserk: kein Rückgängigmachen, ein Punkt mehr, wenn du es gewinnst)
   *[no] {""}
    }. Spiel es wie jedes andere; sobald es beendet ist, gibt dir `arena next` das nächste (`arena next berserk`: ohne Rückgängigmachen, für einen Punkt mehr).
chat-arena-deal-in-play = { $title }: Dein Spiel Nr. { $deal } läuft noch. Gewinne es oder gib es mit `resign` auf, dann `arena next`.
chat-arena-standings-title = { $title }, { $players ->
    [one] { $players } Spieler
   *[other] { $players } Spieler
    }{ $done ->
    [yes] {" "}(Endstand)
   *[no] {""}
    }:
chat-arena-standings-line = { $place }. { $name }: { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
    }, { $won } von { $played } gewonnen{ $fire ->
    [yes] {" "}(Siegesserie)
   *[no] {""}
    }
chat-arena-made = { $username } hat die Arena { $title } ({ $kind }) gestartet: { $minutes } Minuten, bis { $time } UTC. Schreib `arena join { $code }`, um mitzuspielen.
chat-arena-results-here = Die Ergebnisse werden hier gepostet, sobald sie endet.
chat-arena-private = Arenaspiele werden im privaten Chat mit dem Bot gespielt, damit hier niemand deine Karten sieht: Schick `arena join { $code }` direkt an den Bot.
