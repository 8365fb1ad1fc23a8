# Einwände: der Titel (title-*) und das `detail` jedes Problems. Der `code` daneben gehört zur API
# und wird nie übersetzt; ebenso wenig Namen der API (Feldnamen, Header, Pfade, Werte wie
# games:read), die so bleiben, wie sie hier stehen.

## Titel

title-invalid-request = Ungültige Anfrage
title-not-found = Nicht gefunden
title-unauthorized = Nicht autorisiert
title-forbidden = Zugriff verweigert
title-conflict = Konflikt
title-version-conflict = Versionskonflikt
title-internal-error = Interner Serverfehler
title-key-reused = Idempotency-Key wiederverwendet
title-unavailable = Dienst nicht verfügbar
title-too-many-requests = Zu viele Anfragen
title-game-over = Spiel beendet
title-undo-would-hide-card = Rückgängig machen würde eine Karte verdecken
title-illegal-action = Unzulässige Aktion
title-no-winnable-deal = Kein gewinnbares Spiel bereit
title-winnable-quota = Zu viele gewinnbare Spiele
title-import-allowance = Zu viele importierte Aktionen
title-invalid-link-code = Ungültiger Verknüpfungscode

## Der Dienst und seine Datenbank

game-not-found = Unter deinen Spielen gibt es keines mit dieser ID.
version-conflict = Das Spiel hat sich geändert: Es ist jetzt bei Version { $version }. Lade es neu und versuche es noch einmal.
internal-error = Bei uns ist etwas schiefgegangen; es wurde nichts geändert. Bitte versuche es noch einmal.
idempotency-key-reused = Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet.
writes-busy = Zu viele Aktionen warten darauf, gespeichert zu werden; es wurde nichts geändert. Bitte versuche es erneut.
database-lost-mid-write = Die Verbindung zur Datenbank ist beim Speichern abgebrochen, daher ist unklar, ob es gespeichert wurde: Wiederhole die Anfrage mit demselben Idempotency-Key oder rufe zuerst das Spiel ab.
database-unavailable = Die Datenbank ist gerade nicht erreichbar; es wurde nichts geändert. Bitte versuche es erneut.
bad-suit-count = suits muss 1, 2 oder 4 sein.

## Spiele

concurrent-update = Andere Anfragen haben dieses Spiel im selben Moment immer wieder geändert; es wurde nichts übernommen. Bitte versuche es erneut.
daily-closed = Diese Tägliche Herausforderung ist um Mitternacht UTC abgelaufen: Der gewertete Versuch kann nicht mehr gespielt werden.
ranked-attempt-in-progress = Dein gewerteter Versuch bei der heutigen Herausforderung läuft noch: Beende ihn oder gib ihn auf, bevor du einen Übungsversuch startest.
action-limit = Dieses Spiel hat die Grenze von { $limit } Aktionen erreicht: Es kann jetzt nur noch aufgegeben werden. Starte ein neues Spiel (oder starte dieses Spiel neu), um weiterzuspielen.
round-not-started = Diese Rennrunde hat noch nicht begonnen: Das Spiel der Runde öffnet sich, wenn der Countdown abgelaufen ist.
race-game = Ein Rennspiel kann nicht neu gestartet werden: Im Rennen spielt jeder dieses Spiel genau einmal.
# $difficulty ist easy, normal oder hard (das eigene Wort der API).
winnable-proving = Es ist noch kein nachweislich gewinnbares Spiel dieser Art (Stufe { $difficulty }) bereit; der Server prüft gerade einige. Versuche es in ein paar Sekunden erneut.
winnable-none = Es ist kein nachweislich gewinnbares Spiel dieser Art (Stufe { $difficulty }) bereit, und gerade wird auch keines geprüft (dieser Server prüft jeweils nur Spiele einiger Arten oder gar keine). Versuche es mit den Standardregeln oder später noch einmal.
winnable-quota = Du hast in der letzten Stunde { $limit } nachweislich gewinnbare Spiele gestartet, mehr darf ein Spieler nicht: Versuche es in { $seconds ->
    [one] { $seconds } Sekunde
   *[other] { $seconds } Sekunden
    } erneut oder starte solange ein normales Spiel.
too-many-games = Du hast bereits { $most } laufende Spiele, mehr darf ein Spieler nicht haben: Beende eines oder gib eines auf (GET /v1/users/me/games listet sie auf) und starte dann ein neues.
guest-cannot-import = Ein Gastkonto kann keine Spiele importieren: Gib ihm zuerst einen Benutzernamen und ein Passwort (POST /v1/users/me/upgrade).
import-too-large = Dieser Export enthält { $asked } Aktionen, mehr als die { $allowance }, die ein Konto pro Stunde importieren darf: Er kann hier nicht importiert werden.
import-allowance = Ein Konto darf pro Stunde { $allowance } Aktionen importieren, alle Importe zusammengerechnet, und die { $asked } dieses Imports würden das überschreiten: Versuche es in { $seconds ->
    [one] { $seconds } Sekunde
   *[other] { $seconds } Sekunden
    } erneut.
hints-disabled = Tipps sind im Rennraum dieses Spiels ausgeschaltet.
analysis-game-in-progress = Das Spiel läuft noch: Seine Analyse würde die verdeckten Karten zeigen. Beende es zuerst oder gib es auf.
analysis-daily-not-over = Dieses Spiel gehört zu einer Täglichen Herausforderung: Seine Analyse wird freigegeben, sobald der Tag der Herausforderung (UTC) vorbei ist und niemand mehr dieses Spiel für diesen Tag spielen kann.
analysis-race-round = Dieses Spiel gehört zu einer Rennrunde, die noch läuft: Seine Analyse wird freigegeben, sobald die Runde vorbei ist.

## Konten, Sitzungen, Profile, Apps und Tokens

unknown-user = Das Konto, für das dieses Token ausgestellt wurde, existiert nicht: Melde dich erneut an.
bad-username = Ein Benutzername hat 3 bis 32 Zeichen: Buchstaben, Ziffern, '_', '-' und '.'.
bad-password-length = Ein Passwort hat 10 bis 128 Zeichen.
bad-password-control = Ein Passwort darf keine Steuerzeichen enthalten (etwa Tabulatoren oder Zeilenumbrüche).
weak-password = Dieses Passwort ist zu leicht zu erraten (ein gängiges Passwort oder eines, das den Benutzernamen enthält): Wähle ein anderes.
username-taken = Dieser Benutzername ist schon vergeben: Wähle einen anderen.
invalid-credentials = Benutzername und Passwort passen zu keinem Konto.
wrong-password = Das angegebene Passwort ist nicht das Passwort dieses Kontos.
guest-has-no-password = Ein Gastkonto hat kein Passwort: Gib ihm zuerst einen Benutzernamen und ein Passwort (POST /v1/users/me/upgrade).
password-required = Dafür ist das Passwort deines Kontos nötig (`password`): Eine angemeldete Sitzung allein kann weder einer App Zugang geben noch eine Chat-Identität verknüpfen.
guest-cannot-approve = Ein Gastkonto kann Apps keinen Zugang geben: Gib ihm zuerst einen Benutzernamen und ein Passwort (POST /v1/users/me/upgrade).
not-a-guest = Dieses Konto hat bereits einen Benutzernamen und ein Passwort: Nur ein Gastkonto kann umgewandelt werden.
auth-busy = Der Server ist gerade mit der Prüfung anderer Passwörter beschäftigt: Versuche es gleich noch einmal.
session-ended = Diese Sitzung ist beendet (abgemeldet, überall abgemeldet oder Passwort geändert): Melde dich erneut an.
guest-has-no-profile = Ein Gastkonto hat kein öffentliches Profil: Registriere dich (POST /v1/users/me/upgrade behält alles bei), um eines zu bekommen.
profile-not-found = Es gibt kein öffentliches Profil mit diesem Namen (Gäste haben keins, und Spieler können ihres verbergen).
too-many-tokens = Du hast bereits { $max } aktive Tokens: Widerrufe zuerst eines.
token-not-found = Unter deinen Zugriffstokens gibt es keines mit dieser ID.

## Die Anmeldeanfrage einer App (für ihre Entwickler)

oauth-client-id = client_id muss aus 1 bis 256 druckbaren ASCII-Zeichen bestehen, die die App benennen.
oauth-redirect-uri = redirect_uri muss https://… sein, http:// zur Loopback-Adresse dieses Rechners (127.0.0.1, [::1] oder localhost) oder das eigene Schema einer nativen App in umgekehrter Domain-Schreibweise (com.example.app:/done), jeweils ohne Benutzerteil, Fragment, Backslash, Leerraum oder Steuerzeichen.
oauth-response-type = response_type muss code sein: Dieser Server unterstützt nur den Authorization-Code-Flow.
oauth-challenge-method = code_challenge_method muss S256 sein (plain wird nicht akzeptiert).
oauth-pkce-required = code_challenge_method=S256 und eine code_challenge sind erforderlich (PKCE).
oauth-challenge = code_challenge muss die S256-Challenge sein: 43 Zeichen base64url.
oauth-unknown-scope = Unbekannter scope „{ $scope }“: Verwende games:read und/oder games:write.
oauth-no-scope = scope muss games:read und/oder games:write nennen.
oauth-state = state darf höchstens 1.000 druckbare ASCII-Zeichen lang sein.

## Rennen

race-not-found = Es gibt kein Rennen mit diesem Code.
race-full = In diesem Rennen sind bereits alle { $seats } Plätze besetzt.
not-host = Nur der Gastgeber des Rennens kann eine Runde starten oder einen Platz entfernen.
round-in-progress = Die aktuelle Runde läuft noch: Eine neue beginnt, sobald alle Spieler fertig oder ausgestiegen sind, oder 60 Minuten nach ihrem Start.
round-started-elsewhere = Ein anderer Start dieses Rennens war schneller.
not-racing = Du nimmst an keiner laufenden Runde dieses Rennens teil (wer während einer Runde beitritt, spielt ab der nächsten mit).
seat-name-taken = Ein anderer Platz in diesem Raum trägt bereits diesen Namen (Groß-/Kleinschreibung und Leerzeichen nicht mitgezählt): Tritt unter einem anderen Namen bei.
seat-name-reserved = Namen wie „CPU 1“ sind den CPU-Spielern des Raums vorbehalten: Tritt unter einem anderen Namen bei.
seat-not-found = Diesen Platz gibt es in diesem Rennen nicht.
host-seat = Der Platz des Gastgebers bleibt beim Raum: Der Gastgeber kann weder austreten noch entfernt werden.
seat-in-round = Dieser Platz spielt in der laufenden Runde mit: Er kann freigegeben werden, sobald die Runde vorbei ist (ein Spieler kann vorher aussteigen).
not-seated = Du hast keinen Platz in diesem Rennen: Es gibt nichts zu verlassen.
already-done = Dein Teil dieser Runde ist vorbei (du bist fertig oder ausgestiegen): Du kannst nicht mehr aussteigen.
race-account-required = Gewertete Rennen sind registrierten Spielern vorbehalten: Registriere dich (als Gast behältst du mit POST /v1/users/me/upgrade alles) und tritt dann bei.

## Chat-Identitäten und Verknüpfungen

guest-cannot-link = Ein Gastkonto kann keine Chat-Identitäten verknüpfen: Gib ihm zuerst einen Benutzernamen und ein Passwort (POST /v1/users/me/upgrade).
replayed-request = Diese signierte Anfrage wurde bereits beantwortet: Eine Anfrage wird nur einmal angenommen.
invalid-link-code = Dieser Verknüpfungscode ist unbekannt, schon benutzt oder abgelaufen: Erstelle in deinem Konto einen neuen (er gilt 10 Minuten und funktioniert nur einmal).
chat-link-not-found = Unter deinen Chat-Verknüpfungen gibt es keine mit dieser ID.
already-linked = Diese Chat-Identität spielt bereits als { $username }: Hebe die Verknüpfung zuerst auf, um ein anderes Konto zu verknüpfen.
not-linked = Diese Chat-Identität spielt mit dem Konto, das für sie angelegt wurde: Es gibt keine Verknüpfung, die sich aufheben ließe.
too-many-chat-links = Mit deinem Konto sind bereits { $max } Chat-Identitäten verknüpft: Entferne zuerst eine.

## Suchen (Tipps und Analysen)

search-busy = Alle Suchplätze dieses Servers sind mit Tipps und Analysen belegt; es wurde nichts berechnet. Versuche es in einer Sekunde erneut.
search-running = Für dich läuft bereits die Suche nach einem Tipp oder einer Analyse: Pro Konto gibt es nur eine Suche gleichzeitig, damit alle an die Reihe kommen. Frag erneut, sobald sie fertig ist.
address-searches-busy = Tipps und Analysen von deiner Netzwerkadresse belegen bereits { $share ->
    [one] { $share } Suchplatz
   *[other] { $share } Suchplätze
    }, mehr darf eine Adresse nicht gleichzeitig belegen: Frag erneut, sobald eine dieser Suchen beantwortet ist.

## Puzzles

puzzle-activity-bad-limit = limit muss eine ganze Zahl von 1 bis 100 sein.
puzzle-activity-bad-cursor = Dieser Cursor stammt nicht von einer Seite deiner Puzzle-Aktivität: Fang ohne ihn neu an.
puzzle-no-moves = Ein Versuch enthält mindestens einen Zug: Schick die Züge ab der Stellung des Puzzles, den neuesten zuletzt.
puzzle-export-bad-max = max muss eine ganze Zahl von 1 bis 10000 sein.

title-puzzle-move = Kein Zug dieses Puzzles
puzzle-not-found = Es gibt kein Puzzle mit dieser ID.
puzzle-none-left = Für dich gibt es noch kein Puzzle dieser Art: Versuch es mit einer anderen Anzahl Farben oder schau wieder vorbei, wenn mehr Puzzles gefunden sind.
puzzle-too-many-moves = Dieses Puzzle ist in { $within ->
    [one] { $within } Zug
   *[other] { $within } Zügen
    } gelöst: Der Versuch enthält mehr.
puzzle-illegal-move = Zug { $number } des Versuchs ist in dieser Stellung nach den Regeln nicht erlaubt (ein Puzzle kennt nur Kartenzüge: kein Austeilen, kein Rückgängigmachen).
puzzle-streak-not-found = Unter deinen Serien gibt es keine mit dieser ID.
puzzle-streak-over = Diese Serie ist vorbei: Starte eine neue.
puzzle-streak-moved-on = Eine andere Anfrage hat diese Serie im selben Moment weitergeführt: Lies sie neu und mach dort weiter.

## Arenas

arena-game = Ein Arenaspiel kann nicht neu gestartet werden: Jedes Spiel zählt einmal, so wie es gespielt wurde.
arena-running = Dieses Spiel gehört zu einer Arena, die noch läuft: Seine Analyse wird freigegeben, sobald die Arena endet.
arena-not-found = Es gibt keine Arena mit dieser ID.
arena-account-required = Gewertete Arenen und das Erstellen einer Arena setzen ein registriertes Konto voraus: Registriere dich oder wandle dieses Gastkonto um.
arena-not-started = Die Arena hat noch nicht begonnen: Das erste Spiel öffnet sich mit ihrem Start.
arena-over = Die Arena ist vorbei: Die Ergebnisse sind endgültig.
arena-not-joined = Du spielst nicht in dieser Arena mit: Tritt ihr zuerst bei (oder erneut, falls du sie verlassen hast).
arena-deal-in-play = Dein aktuelles Spiel in dieser Arena läuft noch: Gewinne es oder gib es auf, bevor du das nächste beginnst.
arena-no-more-deals = Du hast alle Spiele dieser Arena gespielt: Deine Punkte stehen in der Tabelle der Arena.
arena-deal-not-ready = Dein nächstes Spiel wird noch ausgewählt: Versuche es in ein paar Sekunden erneut.
arena-too-many = Du hast bereits { $most ->
    [one] { $most } noch nicht beendete Arena
   *[other] { $most } noch nicht beendete Arenen
    }, mehr darf ein Konto nicht erstellen: Versuche es in { $seconds ->
    [one] { $seconds } Sekunde
   *[other] { $seconds } Sekunden
    } erneut, wenn die erste davon endet.
arena-none-allowed = Auf diesem Server können Konten keine Arenen erstellen: Nimm an den geplanten teil.
arena-bad-length = Eine Arena dauert { $shortest } bis { $longest } Minuten.
arena-bad-start = Eine Arena beginnt innerhalb einer Woche ab jetzt (höchstens { $most } Minuten im Voraus).
arena-bad-title = Ein Titel hat 1 bis { $most } Zeichen.
arena-history-bad-limit = limit muss eine ganze Zahl von 1 bis 100 sein.
arena-standings-bad-page = offset muss 0 oder größer sein und limit eine ganze Zahl von 1 bis 100.
