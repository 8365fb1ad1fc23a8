# Einwände gegen die Form einer Anfrage: Pfad, Methode, Header, Query und Body. $error sind die
# eigenen Worte des Parsers (Englisch), unverändert angezeigt.

title-method-not-allowed = Methode nicht erlaubt
title-payload-too-large = Anfrage zu groß
title-unsupported-media-type = Nicht unterstützter Medientyp

no-endpoint = Es gibt keinen Endpunkt { $method } { $path }. Die API ist unter /docs und /openapi.json beschrieben.
method-not-allowed = { $method } ist für { $path } nicht erlaubt: Verwende { $allowed }.
payload-too-large = Der Anfragetext ist größer als die { $limit } Bytes, die angenommen werden.
json-media-type = Sende den Anfragetext als JSON mit `Content-Type: application/json`.
json-does-not-fit = Der JSON-Anfragetext passt nicht zu dieser Operation: { $error }.
json-invalid = Der Anfragetext ist kein gültiges JSON: { $error }.
body-unreadable-because = Der Anfragetext konnte nicht gelesen werden: { $error }.
query-invalid = Der Query-String ist ungültig: { $error }.
# Die Ablehnung eines Parsers in Worten (in json-does-not-fit, json-invalid, query-invalid):
# $field und $value wie gesendet, $expected die Namen, die diese Operation annimmt.
parse-unknown-field = unbekanntes Feld `{ $field }` (erlaubt sind { $expected })
parse-unknown-field-none = unbekanntes Feld `{ $field }` (es sind keine Felder erlaubt)
parse-unknown-variant = `{ $value }` ist keiner der Werte { $expected }
parse-missing-field = das Feld `{ $field }` fehlt
parse-duplicate-field = das Feld `{ $field }` kommt zweimal vor
parse-syntax = ein Syntaxfehler in Zeile { $line }, Spalte { $column }
parse-ends-early = er endet zu früh (Zeile { $line }, Spalte { $column })
path-invalid = Der Pfad ist ungültig: { $error }.
path-control-character = Unter dieser Adresse gibt es nichts: Der Pfad enthält ein Steuerzeichen (etwa %00), und keine ID und kein Code dieser API enthält eines.
body-unreadable = Der Anfragetext konnte nicht gelesen werden.
# $what ist einer der body-*-Namen unten.
body-too-large = { $what } darf höchstens { $limit } Bytes groß sein.
body-export = Ein Export
body-chat-request = Die Anfrage einer Chat-Plattform
body-command = Ein Befehl
body-form = Das Formular
if-match-shape = If-Match muss das ETag des Spiels sein, eine Versionsnummer in Anführungszeichen wie "3" (oder `*`).
if-match-version = If-Match muss das ETag des Spiels sein, eine Versionsnummer in Anführungszeichen wie "3".
if-match-disagrees = If-Match und expected_version nennen unterschiedliche Versionen.
idempotency-key-shape = Idempotency-Key muss aus 1 bis 255 sichtbaren ASCII-Zeichen bestehen (Leerzeichen nur dazwischen).
difficulty-without-winnable = difficulty gilt nur für gewinnbare Spiele: Lass es weg oder setze winnable auf true.
deal-number-and-winnable = Frage entweder nach einer Spielnummer oder nach einem gewinnbaren Spiel, nicht nach beidem.
bad-cursor = cursor ist keiner, den dieser Server ausgegeben hat.
bad-limit = limit muss zwischen 1 und 100 liegen.
token-name-shape = name muss aus 1 bis 100 druckbaren Zeichen bestehen (Leerraum davor und danach nicht mitgezählt): keine Steuerzeichen (etwa NUL oder ein Zeilenumbruch) und keine unsichtbaren Formatzeichen (Nullbreiten- oder Richtungszeichen).
token-no-scopes = scopes muss mindestens einen von games:read, games:write nennen.
token-expiry = expires_in_days muss zwischen 1 und { $max } liegen.
race-time-limit = time_limit_seconds muss zwischen 60 und 3600 liegen.
race-cpu-players = cpu_players muss zwischen 0 und { $most } liegen (ein Rennen hat insgesamt { $seats } Plätze).
race-idle-takeover = idle_takeover_seconds muss zwischen 30 und 3600 liegen.
race-no-round = Dieses Rennen hat noch keine Runde gestartet: Seine Rangliste beginnt mit der ersten Runde.
race-name-shape = name muss aus 1 bis 32 druckbaren Zeichen bestehen (Leerraum davor und danach nicht mitgezählt): keine Steuerzeichen (etwa NUL oder ein Zeilenumbruch) und keine unsichtbaren Formatzeichen (Nullbreiten- oder Richtungszeichen).
race-seat-number = seat muss die Nummer eines Platzes sein: eine ganze Zahl ab 1.
bad-date = date muss ein Tag wie 2026-11-29 sein.
daily-not-begun = Die Herausforderung dieses Tages hat noch nicht begonnen.
last-event-id-shape = Last-Event-ID muss eine Versionsnummer sein (die ID eines Ereignisses).
last-event-id-version = Last-Event-ID muss eine Versionsnummer sein.
no-web-module = Der Web-Client hat kein Modul /js/{ $name }.
# $levels zählt die Stufennamen der API auf ("easy, normal, hard"): unverändert lassen.
unknown-hint-level = Es gibt keine Tippstufe „{ $level }“: Verwende eine von { $levels }.
database-not-ready = Die Datenbank ist gerade nicht erreichbar.
metrics-token-required = Die Metriken dieses Servers sind nicht öffentlich: Sende sein Metrik-Token als Authorization: Bearer <token>.

## Tokens und Sitzungen

insufficient-scope = Diesem Zugriffstoken fehlt der Scope `{ $scope }`, den diese Operation braucht.
session-required = Persönliche Zugriffstokens können weder das Konto noch seine Tokens verwalten: Melde dich an (login, register oder guest) und verwende das Token dieser Sitzung.
bearer-token-missing = Diese Operation braucht ein Bearer-Token: Sende `Authorization: Bearer <token>` (du bekommst eines über /v1/auth/register, /v1/auth/login oder /v1/auth/guest).
access-token-invalid = Dieses Zugriffstoken ist ungültig: Es ist unbekannt, wurde widerrufen oder ist fehlerhaft.
session-token-expired = Dein Token ist abgelaufen: Melde dich erneut an, um ein neues zu bekommen.
session-token-invalid = Das Bearer-Token ist ungültig (falsche Signatur, falscher Aussteller, falsche Zielgruppe oder falscher Algorithmus).
access-token-expired = Dieses Zugriffstoken ist abgelaufen: Erstelle ein neues.

## Grenzen

title-too-many-attempts = Zu viele Versuche
title-too-many-streams = Zu viele Streams
rate-limited = Zu viele Anfragen: Mach langsamer und versuche es in { $seconds ->
    [one] { $seconds } Sekunde
   *[other] { $seconds } Sekunden
    } erneut.
# $what ist eines der attempts-* unten.
too-many-attempts = Zu viele { $what }: Versuche es in { $seconds ->
    [one] { $seconds } Sekunde
   *[other] { $seconds } Sekunden
    } erneut.
attempts-password = Passwortversuche für dieses Konto
attempts-bulk-exports = Sammelexporte von dieser Adresse
attempts-chat-commands = Befehle von dir
attempts-link-codes = Versuche mit Verknüpfungscodes von dir
attempts-app-approvals = App-Freigaben
attempts-code-trades = Code-Einlösungen
too-many-streams-user = Du hast bereits { $count } Live-Streams offen: Schließe einen, bevor du einen weiteren öffnest.
too-many-streams-address = Von deiner Adresse sind bereits { $count } Live-Streams offen: Schließe einen, bevor du einen weiteren öffnest.

## Zahlen der Spiele

bad-deal-number = deal_number muss eine ganze Zahl von 0 bis 18446744073709551615 sein (als Text: nur Ziffern, ohne Vorzeichen).
no-column-zero = Es gibt keine Spalte 0: Die Spalten sind ab 1 nummeriert.
column-past-most = Es gibt keine Spalte { $column }: Ein Spiel hat höchstens { $most } Spalten.
count-past-most = { $count } Karten können nicht zusammen verschoben werden: Eine absteigende Folge hat höchstens { $most } Karten (vom König bis hinunter zum Ass).

## Exporte und Importe

export-line = Zeile { $line }: { $reason }
export-action = Aktion { $number }: { $reason }
export-refused-line = Zeile { $line } (`{ $text }`): { $reason }
export-unknown-field = `{ $field }` ist kein Feld eines Exports.
export-missing-field = Im Export fehlt { $field } (`{ $field }: …` vor der Leerzeile).
export-not-an-action = `{ $text }` ist keine Aktion (`3 7 2`, `d`, `u` oder `resign`).
export-bad-origin = origin `{ $origin }` ist keine Art von Spiel (random, chosen, daily, winnable, restart, race, imported).
export-bad-deal-number = deal_number muss eine ganze Zahl als Dezimalzahl in einem String sein.
export-not-json = Kein JSON-Export: { $error }.
export-not-utf8 = Ein Export muss UTF-8-Text sein.
export-bad-window = since und until sind Millisekunden seit der Unix-Epoche.
export-bad-max = max muss zwischen 1 und 1000 liegen.
attempts-new-guests = neue Gastkonten von dieser Adresse
attempts-new-accounts = neue Konten von dieser Adresse
attempts-imports-address = importierte Aktionen von dieser Adresse
attempts-winnable-address = nachweislich gewinnbare Spiele von dieser Adresse
attempts-races-address = neue Rennräume von dieser Adresse
attempts-arenas-address = neue Arenen von dieser Adresse
attempts-app-approvals-address = App-Freigaben von dieser Adresse

## Profil

# $languages zählt die Tags auf, die dieser Server spricht ("en, de, fr, es, pt-BR, ja").
unknown-language = Dieser Server spricht „{ $language }“ nicht: Verwende einen dieser Werte: { $languages }.

## Anfragen der Chat-Plattformen

integration-off = Die { $platform }-Integration ist auf diesem Server ausgeschaltet: Der Betreiber schaltet sie ein, indem er { $variable } setzt.
no-valid-timestamp = Die Anfrage hat keinen gültigen Zeitstempel.
stale-request = Der Zeitstempel der Anfrage weicht um mehr als { $minutes } Minuten von der Uhr des Servers ab: Die Anfrage wird als mögliche Wiederholung (Replay) abgelehnt.
invalid-signature = Die Signatur der Anfrage ist ungültig.
telegram-bad-secret = Der Header X-Telegram-Bot-Api-Secret-Token fehlt oder ist falsch.
discord-not-interaction = Der Anfragetext ist keine Discord-Interaktion: { $error }.
discord-bad-ids = Der Anfragetext ist keine Discord-Interaktion: Seine IDs sind keine Discord-IDs.
slack-not-command = Der Anfragetext ist kein Slack-Slash-Command: { $error }.
telegram-not-update = Der Anfragetext ist kein Telegram-Update: { $error }.
attempts-password-address = Passwortversuche für dieses Konto von deiner Adresse
export-expected-header = Erwartet wird `key: value` vor der Leerzeile und den Aktionen.
export-bad-variant = variant muss spider oder spiderette sein.
export-bad-undo = undo muss full, no_reveal oder off sein.
export-bad-empty-column-deal = empty_column_deal muss standard, strict oder allowed sein.
export-bad-deal = deal muss eine ganze Zahl von 0 bis 18446744073709551615 sein.
no-page-messages = Unter /l10n/{ $name } gibt es keine Texte der Webseite: Frag nach en.ftl, de.ftl, fr.ftl, es.ftl, pt-BR.ftl oder ja.ftl.

## Was eine App darf (die Zustimmungsseite)

scope-games-read = Deine Spiele, Spielfelder, Tipps, Ereignisse und Statistiken sehen.
scope-games-write = Spiele für dich beginnen und spielen (Züge, Austeilen, Rückgängigmachen, Aufgeben).
