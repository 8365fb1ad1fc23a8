# Refusals of a request's shape: its path, method, headers, query and body. $error is the
# parser's own words (English), shown as they are.

title-method-not-allowed = Method not allowed
title-payload-too-large = Payload too large
title-unsupported-media-type = Unsupported media type

no-endpoint = There is no endpoint { $method } { $path }. The API is described at /docs and /openapi.json.
method-not-allowed = { $method } is not allowed on { $path }: use { $allowed }.
payload-too-large = The request body is larger than the { $limit } bytes accepted.
json-media-type = Send the body as JSON with `Content-Type: application/json`.
json-does-not-fit = The JSON body does not fit this operation: { $error }.
json-invalid = The body is not valid JSON: { $error }.
body-unreadable-because = The request body could not be read: { $error }.
query-invalid = The query string is not valid: { $error }.
# A parser's refusal, said in words (inside json-does-not-fit, json-invalid, query-invalid):
# $field and $value are as sent, $expected the names this operation takes.
parse-unknown-field = unknown field `{ $field }` (it takes { $expected })
parse-unknown-field-none = unknown field `{ $field }` (it takes none)
parse-unknown-variant = `{ $value }` is none of { $expected }
parse-missing-field = the field `{ $field }` is missing
parse-duplicate-field = the field `{ $field }` is given twice
parse-syntax = a syntax error at line { $line }, column { $column }
parse-ends-early = it ends too soon (line { $line }, column { $column })
path-invalid = The path is not valid: { $error }.
path-control-character = There is nothing at this address: its path holds a control character (such as %00), and no id or code of this API contains one.
body-unreadable = The request body could not be read.
# $what is one of the body-* names below.
body-too-large = { $what } is at most { $limit } bytes.
body-export = An export
body-chat-request = A chat platform's request
body-command = A command
body-form = The form
if-match-shape = If-Match must be the game's ETag, a version number in quotes such as "3" (or `*`).
if-match-version = If-Match must be the game's ETag, a version number in quotes such as "3".
if-match-disagrees = If-Match and expected_version name different versions.
idempotency-key-shape = Idempotency-Key must be 1 to 255 visible ASCII characters (spaces only between them).
difficulty-without-winnable = difficulty applies only to winnable deals: drop it or set winnable to true.
deal-number-and-winnable = Ask for a deal number or for a winnable deal, not both.
bad-cursor = cursor is not one this server gave out.
bad-limit = limit must be from 1 to 100.
token-name-shape = name must be 1 to 100 printable characters (white space around them aside): no control characters (such as NUL or a line break) and no invisible format characters (zero-width or direction marks).
token-no-scopes = scopes must name at least one of games:read, games:write.
token-expiry = expires_in_days must be from 1 to { $max }.
race-time-limit = time_limit_seconds must be from 60 to 3600.
race-cpu-players = cpu_players must be from 0 to { $most } (a race seats { $seats } in all).
race-idle-takeover = idle_takeover_seconds must be from 30 to 3600.
race-no-round = This race has not started a round yet: its standings begin with the first round.
race-name-shape = name must be 1 to 32 printable characters (white space around them aside): no control characters (such as NUL or a line break) and no invisible format characters (zero-width or direction marks).
race-seat-number = seat must be a seat's number: a whole number, 1 or more.
bad-date = date must be a day such as 2026-11-29.
daily-not-begun = That day's challenge has not begun yet.
last-event-id-shape = Last-Event-ID must be a version number (an event's id).
last-event-id-version = Last-Event-ID must be a version number.
no-web-module = There is no web client module /js/{ $name }.
# $levels lists the API's level names ("easy, normal, hard"): keep them as they are.
unknown-hint-level = There is no hint level "{ $level }": use one of { $levels }.
database-not-ready = The database is not reachable right now.
metrics-token-required = This server's metrics are private: send its metrics token as Authorization: Bearer <token>.

## Tokens and sessions

insufficient-scope = This access token does not have the `{ $scope }` scope this operation needs.
session-required = Personal access tokens cannot manage the account or its tokens: sign in (login, register or guest) and use that session token.
bearer-token-missing = This operation needs a bearer token: send `Authorization: Bearer <token>` (get one from /v1/auth/register, /v1/auth/login or /v1/auth/guest).
access-token-invalid = This access token is not valid: it is unknown, was revoked, or is malformed.
session-token-expired = Your token has expired: sign in again for a new one.
session-token-invalid = The bearer token is not valid (bad signature, issuer, audience or algorithm).
access-token-expired = This access token has expired: create a new one.

## Limits

title-too-many-attempts = Too many attempts
title-too-many-streams = Too many streams
rate-limited = Too many requests: slow down and retry in { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
    }.
# $what is one of the attempts-* below.
too-many-attempts = Too many { $what }: try again in { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
    }.
attempts-password = password attempts for this account
attempts-bulk-exports = bulk exports from this address
attempts-chat-commands = commands from you
attempts-link-codes = link code attempts from you
attempts-app-approvals = app approvals
attempts-code-trades = code trades
too-many-streams-user = You already have { $count } live streams open: close one before opening another.
too-many-streams-address = { $count } live streams are already open from your address: close one before opening another.

## Games' numbers

bad-deal-number = deal_number must be a whole number from 0 to 18446744073709551615 (as text: digits only, without a sign).
no-column-zero = There is no column 0: columns are numbered from 1.
column-past-most = There is no column { $column }: a game has at most { $most } columns.
count-past-most = { $count } cards cannot move together: a run in sequence has at most { $most } (a King down to an Ace).

## Exports and imports

export-line = Line { $line }: { $reason }
export-action = Action { $number }: { $reason }
export-refused-line = Line { $line } (`{ $text }`): { $reason }
export-unknown-field = `{ $field }` is not a field of an export.
export-missing-field = The export names no { $field } (`{ $field }: …` before the blank line).
export-not-an-action = `{ $text }` is not an action (`3 7 2`, `d`, `u` or `resign`).
export-bad-origin = origin `{ $origin }` is not a kind of game (random, chosen, daily, winnable, restart, race, imported).
export-bad-deal-number = deal_number must be a whole number as a decimal string.
export-not-json = Not a JSON export: { $error }.
export-not-utf8 = An export is UTF-8 text.
export-bad-window = since and until are milliseconds since the Unix epoch.
export-bad-max = max must be from 1 to 1000.
attempts-new-guests = new guest accounts from this address
attempts-new-accounts = new accounts from this address
attempts-imports-address = imported actions from this address
attempts-winnable-address = games on proven winnable deals from this address
attempts-races-address = new race rooms from this address
attempts-arenas-address = new arenas from this address
attempts-app-approvals-address = app approvals from this address

## Profile

# $languages lists the tags this server speaks ("en, de, fr, es, pt-BR, ja").
unknown-language = This server does not speak "{ $language }": use one of { $languages }.

## Chat platforms' requests

integration-off = The { $platform } integration is off on this server: its operator turns it on by setting { $variable }.
no-valid-timestamp = The request has no valid timestamp.
stale-request = The request's timestamp is more than { $minutes } minutes from the server's clock: it is refused as a possible replay.
invalid-signature = The request signature is not valid.
telegram-bad-secret = The X-Telegram-Bot-Api-Secret-Token header is missing or wrong.
discord-not-interaction = The body is not a Discord interaction: { $error }.
discord-bad-ids = The body is not a Discord interaction: its ids are not Discord ids.
slack-not-command = The body is not a Slack slash command: { $error }.
telegram-not-update = The body is not a Telegram update: { $error }.
attempts-password-address = password attempts for this account from your address
export-expected-header = expected `key: value` before the blank line and the actions.
export-bad-variant = variant must be spider or spiderette.
export-bad-undo = undo must be full, no_reveal or off.
export-bad-empty-column-deal = empty_column_deal must be standard, strict or allowed.
export-bad-deal = deal must be a whole number from 0 to 18446744073709551615.
no-page-messages = There are no web page messages /l10n/{ $name }: ask for one of en.ftl, de.ftl, fr.ftl, es.ftl, pt-BR.ftl, ja.ftl.

## What an app may do (the consent page)

scope-games-read = See your games, boards, hints, events and records.
scope-games-write = Start games and play them for you (moves, deals, undos, resigning).
