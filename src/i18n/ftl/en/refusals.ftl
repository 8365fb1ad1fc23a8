# Refusals: each problem's `title` (title-*) and `detail`. The `code` beside them is the API
# and never translated; neither are names in the API (field names, headers, paths, values such
# as games:read), which stay as written here.

## Titles

title-invalid-request = Invalid request
title-not-found = Not found
title-unauthorized = Unauthorized
title-forbidden = Forbidden
title-conflict = Conflict
title-version-conflict = Version conflict
title-internal-error = Internal server error
title-key-reused = Idempotency key reused
title-unavailable = Service unavailable
title-too-many-requests = Too many requests
title-game-over = Game over
title-undo-would-hide-card = Undo would hide a card
title-illegal-action = Illegal action
title-no-winnable-deal = No winnable deal ready
title-winnable-quota = Too many winnable games
title-import-allowance = Too many imported actions
title-invalid-link-code = Invalid link code

## The service and its database

game-not-found = There is no game with that id among your games.
version-conflict = The game has changed: it is at version { $version }. Reload it and try again.
internal-error = Something went wrong on our side; nothing was changed. Please try again.
idempotency-key-reused = This Idempotency-Key was already used for a different request.
writes-busy = Too many actions are waiting to be written; nothing was changed. Please retry.
database-lost-mid-write = The connection to the database was lost while this was being written, so it may or may not have been saved: retry with the same Idempotency-Key, or read the game first.
database-unavailable = The database is not reachable right now; nothing was changed. Please retry.
bad-suit-count = suits must be 1, 2 or 4.

## Games

concurrent-update = Other requests kept changing this game at the same moment; nothing was applied. Please retry.
daily-closed = This daily challenge ended at midnight UTC: its ranked attempt can no longer be played.
ranked-attempt-in-progress = Your ranked attempt at today's challenge is still in progress: finish or resign it before starting a practice attempt.
action-limit = This game has reached the limit of { $limit } actions: it can only be resigned now. Start a new game (or restart this deal) to play on.
round-not-started = This race round has not started yet: its game opens when the countdown ends.
race-game = A race game cannot be restarted: everyone in the race plays one game of the deal.
# $difficulty is easy, normal or hard (the API's own word).
winnable-proving = No proven { $difficulty } deal of this kind is ready yet; the server is proving some now. Try again in a few seconds.
winnable-none = No proven { $difficulty } deal of this kind is ready, and none is being proven now (this server proves deals of a few kinds at a time, or none). Try the standard rules, or again later.
winnable-quota = You have started { $limit } games on proven winnable deals in the last hour, as many as one player may: try again in { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
    }, or start an ordinary game meanwhile.
too-many-games = You already have { $most } games in progress, as many as one player may: finish or resign one (GET /v1/users/me/games lists them), then start another.
guest-cannot-import = A guest account cannot import games: give it a username and password first (POST /v1/users/me/upgrade).
import-too-large = This export holds { $asked } actions, more than the { $allowance } one account may import in an hour: it cannot be imported here.
import-allowance = An account may import { $allowance } actions an hour, all its imports together, and this one's { $asked } would go past that: try again in { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
    }.
hints-disabled = Hints are off in this game's race room.
analysis-game-in-progress = The game is still being played: its analysis would show the hidden cards. Finish or resign it first.
analysis-daily-not-over = This game plays a daily challenge: its analysis opens once the challenge's day (UTC) is over, when nobody can play that deal for the day any more.
analysis-race-round = This game is part of a race round that is still being played: its analysis opens once the round is over.

## Accounts, sessions, profiles, apps and tokens

unknown-user = The account this token was issued for does not exist: sign in again.
bad-username = A username has 3 to 32 characters: letters, digits, '_', '-' and '.'.
bad-password-length = A password has 10 to 128 characters.
bad-password-control = A password cannot contain control characters (such as tabs or line breaks).
weak-password = That password is too easy to guess (a common password, or one containing the username): choose another.
username-taken = That username is taken: choose another.
invalid-credentials = That username and password do not match an account.
wrong-password = The password given is not this account's password.
guest-has-no-password = A guest account has no password: give it a username and password first (POST /v1/users/me/upgrade).
password-required = This needs your account's password (`password`): a signed-in session alone cannot let an app in or link a chat identity.
guest-cannot-approve = A guest account cannot let apps in: give it a username and password first (POST /v1/users/me/upgrade).
not-a-guest = This account already has a username and password: only a guest account can be upgraded.
auth-busy = The server is busy checking other passwords: try again in a moment.
session-ended = This session has ended (signed out, signed out everywhere, or the password changed): sign in again.
guest-has-no-profile = A guest account has no public profile: sign up (POST /v1/users/me/upgrade keeps everything) to have one.
profile-not-found = There is no public profile by that name (guests have none, and a player may hide theirs).
too-many-tokens = You already have { $max } active tokens: revoke one first.
token-not-found = There is no access token with that id among yours.

## An app's sign-in request (for its developer)

oauth-client-id = client_id must be 1 to 256 printable ASCII characters naming the app.
oauth-redirect-uri = redirect_uri must be https://…, http:// to this machine's loopback address (127.0.0.1, [::1] or localhost), or a native app's own scheme in reverse-domain form (com.example.app:/done), without a user part, fragment, backslash, white space or control characters.
oauth-response-type = response_type must be code: this server answers the authorization code flow only.
oauth-challenge-method = code_challenge_method must be S256 (plain is not accepted).
oauth-pkce-required = code_challenge_method=S256 and a code_challenge are required (PKCE).
oauth-challenge = code_challenge must be the S256 challenge: 43 characters of base64url.
oauth-unknown-scope = Unknown scope "{ $scope }": use games:read and/or games:write.
oauth-no-scope = scope must name games:read and/or games:write.
oauth-state = state must be at most 1,000 printable ASCII characters.

## Races

race-not-found = There is no race with that code.
race-full = This race already seats { $seats } players.
not-host = Only the race's host can start a round or remove a seat.
round-in-progress = The current round is still on: a new one starts once every player has finished or quit, or 60 minutes after its start.
round-started-elsewhere = Another start of this race got in first.
not-racing = You have no part in a running round of this race (a player who joined during a round plays from the next one).
seat-name-taken = Another seat in this room already shows that name (case and spaces aside): join under another name.
seat-name-reserved = Names such as "CPU 1" are the room's CPU players': join under another name.
seat-not-found = There is no such seat in this race.
host-seat = The host's seat stays with the room: the host can neither leave nor be removed.
seat-in-round = This seat plays the round in progress: it can be freed once the round is over (a player can quit it first).
not-seated = You have no seat in this race: there is nothing to leave.
already-done = Your part in this round is over (you finished or quit): there is nothing to quit.
race-account-required = Ranked races are for registered players: sign up (a guest can keep everything with POST /v1/users/me/upgrade), then join.

## Chat identities and links

guest-cannot-link = A guest account cannot link chat identities: give it a username and password first (POST /v1/users/me/upgrade).
replayed-request = This signed request was answered before: a request is accepted once.
invalid-link-code = That link code is unknown, used or expired: make a new one in your account (it lasts 10 minutes and works once).
chat-link-not-found = There is no chat link with that id among yours.
already-linked = This chat identity already plays as { $username }: unlink it first to link another account.
not-linked = This chat identity plays as the account made for it: there is no link to undo.
too-many-chat-links = Your account has { $max } chat identities linked already: remove one first.

## Searches (hints and analyses)

search-busy = Every search slot of this server is busy with hints and analyses; nothing was computed. Try again in a second.
search-running = You already have a hint or an analysis being searched: one search at a time per account, so that everyone gets theirs. Ask again when it has answered.
address-searches-busy = Hints and analyses from your network address already take { $share ->
    [one] { $share } search slot
   *[other] { $share } search slots
    }, as many as one address may hold at once: ask again when one has answered.

## Puzzles

puzzle-activity-bad-limit = limit must be a whole number from 1 to 100.
puzzle-activity-bad-cursor = This cursor is not one a page of your puzzle activity gave: start again without it.
puzzle-no-moves = An attempt holds at least one move: send the moves from the puzzle's position, the latest last.
puzzle-export-bad-max = max must be a whole number from 1 to 10000.

title-puzzle-move = Not a move of this puzzle
puzzle-not-found = There is no puzzle with that id.
puzzle-none-left = There is no puzzle of this kind for you yet: try another suit setting, or come back once more puzzles are mined.
puzzle-too-many-moves = This puzzle is solved within { $within ->
    [one] { $within } move
   *[other] { $within } moves
    }: the attempt holds more.
puzzle-illegal-move = Move { $number } of the attempt is not a move the rules allow in that position (a puzzle takes moves of cards only: no deal, no undo).
puzzle-streak-not-found = There is no streak with that id among yours.
puzzle-streak-over = This streak is over: start a new one.
puzzle-streak-moved-on = Another request moved this streak on at the same moment: read it again and go on from there.

## Arenas

arena-game = An arena's deal cannot be restarted: each deal counts once, as it was played.
arena-running = This game is a deal of an arena that is still running: its analysis opens once the arena ends.
arena-not-found = There is no arena with that id.
arena-account-required = Rated arenas, and making an arena, need a registered account: sign up, or upgrade this guest account.
arena-not-started = The arena has not started yet: its first deal opens at its start.
arena-over = The arena is over: its results are final.
arena-not-joined = You are not playing in this arena: join it first (or again, if you left).
arena-deal-in-play = Your current deal of this arena is still in play: win it, or resign it, before the next.
arena-no-more-deals = You have played every deal this arena holds: your points are in the standings.
arena-deal-not-ready = Your next deal is still being drawn: try again in a few seconds.
arena-too-many = You have { $most ->
    [one] { $most } arena
   *[other] { $most } arenas
    } not over yet, as many as one account may make: try again in { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
    }, when the first of them ends.
arena-none-allowed = This server does not let accounts make arenas: play in the scheduled ones.
arena-bad-length = An arena lasts { $shortest } to { $longest } minutes.
arena-bad-start = An arena starts within a week from now (at most { $most } minutes ahead).
arena-bad-title = A title holds 1 to { $most } characters.
arena-history-bad-limit = limit must be a whole number from 1 to 100.
arena-standings-bad-page = offset must be 0 or more, and limit a whole number from 1 to 100.
