# The web page's account words: the account bar, the account screen (password, apps, chat
# links), signing in and out, the public profile of a player, and the consent page where a
# player lets an app use their account.

## The account bar at the top of the page

# $name is the account's username.
account-bar-signed-in = Signed in as { $name }
account-bar-account = Account
account-bar-guest = Playing as a guest
account-bar-sign-in = Sign in

## The account screen

account-loading = Loading…
# $name is the username (shown in bold); $since is the date and time the account was made.
account-profile-name = Signed in as { $name }, playing since { $since }.
account-sign-out = Sign out
account-sign-out-everywhere = Sign out everywhere
account-sign-out-everywhere-note = Signing out everywhere also ends every app's access and every chat link of this account.
account-guest-note = You are playing as a guest. Create an account to keep your records and rating and to play from any device: signing up keeps your guest games, records and rating.

# The form's heading (and its name for screen readers).
account-password-heading = Change password
account-password-current = Current password
account-password-new = New password
# $min is the fewest characters a password may have (10).
account-password-new-help = { $min } characters or more. Every other device is signed out, and every app and chat link loses access unless you keep them below.
account-password-keep-apps = Keep my apps and chat links
# The form's button.
account-password-submit = Change password
account-password-changed-kept = Password changed. Every other device has been signed out; your apps and chat links keep their access.
account-password-changed = Password changed. Every other device, app and chat link has been signed out.

account-hide-profile = Hide my public profile
account-see-profile = See my public profile
account-profile-now-hidden = Your profile is hidden.
account-profile-now-public = Your profile is public.

## Apps with access (OAuth)

account-apps-heading = Apps with access
account-apps-failed = Could not load the apps.
account-apps-none = No app can use your account.
# $app is the app's own name for itself (shown in bold); $scopes lists what it may do, as
# codes ("games:read, games:write"); $since and $used are dates and times.
account-app-used = { $app } · { $scopes } · since { $since } · last used { $used }
# $app, $scopes and $since as above, for an app that has not used its access yet.
account-app-unused = { $app } · { $scopes } · since { $since } · not used yet
account-app-revoke = Revoke
# $app is the app's own name for itself.
account-app-revoked = { $app } can no longer use your account.

## Chat links (Discord, Slack, Telegram)

account-chat-links-heading = Chat links
# $minutes is how long a link code lasts (10).
account-chat-links-about = Play as this account from Discord, Slack or Telegram: get a code, then type it to the bot within { $minutes } minutes. What you played there before comes with it.
# The label of the password field before the "get a code" button.
account-chat-link-password = Your password
# The button (and the form's name for screen readers).
account-chat-link-get-code = Get a link code
account-chat-links-failed = Could not load the chat links.
account-chat-links-none = No chat identity plays as you.
# $name is the chat identity's name (shown in bold); $platform is Discord, Slack or Telegram;
# $linked is the date and time it was linked.
account-chat-link-linked = { $name } on { $platform } · linked { $linked }
# $name and $platform as above, when the date is not known.
account-chat-link = { $name } on { $platform }
account-chat-link-remove = Remove
# $name and $platform as above.
account-chat-link-removed = { $name } on { $platform } no longer plays as you.

## Signing in and out

# $name is the account's username in the next three.
account-signed-in = Signed in as { $name }.
account-signed-up = Welcome! Signed up as { $name }.
# After the session dialog (a session the server refused), signed in again.
account-signed-in-again = Signed in again as { $name }.
account-signed-out = Signed out. You are playing as a guest.
account-signed-out-everywhere = Signed out on every device, app and chat link. You are playing as a guest.
# The session dialog, after the API's own sentence saying why the session ended.
account-session-sign-in-again = Sign in to go on: the game on the table stays as it is.

## A player's public profile

# The screen's title when no name is given.
account-profile-player = Player
account-profile-hidden = (a player who hides their profile)
# $since is the date and time the player joined; $streak is how many days in a row they
# played the daily deal.
account-profile-joined = Playing since { $since } · daily streak: { $streak ->
        [one] { $streak } day
       *[other] { $streak } days
    }
account-profile-col-game = Game
account-profile-col-played = Played
account-profile-col-won = Won
account-profile-col-best-score = Best score
account-profile-col-fastest-win = Fastest win
account-profile-col-streak = Streak
# $current is the wins in a row now; $longest the most ever.
account-profile-streak = { $current } (best { $longest })
account-profile-no-records = No games counted yet.
account-profile-ratings = Race ratings
# $kind is the kind of game ("Spider, 2 suits"); $rating the race rating; $rounds how many
# ranked rounds it comes from.
account-profile-rating = { $kind }: { $rating } after { $rounds ->
        [one] { $rounds } ranked round
       *[other] { $rounds } ranked rounds
    }
account-profile-no-ratings = No ranked race yet.
account-profile-arenas = Arenas: { $won } won of { $played } finished.
account-profile-latest = Latest games
# How a game came to be ($origin, a code of the API), shown in brackets after its kind in
# the next two messages.
account-profile-origin = { $origin ->
        [random] random
        [chosen] chosen
        [daily] daily
        [winnable] winnable
        [restart] restart
        [race] race
        [arena] arena
        [imported] imported
       *[other] { $origin }
    }
# A finished game. $kind is the kind of game ("Spider, 2 suits"); $origin how it came to be
# (account-profile-origin, above); $status how it ended ("won", "resigned"), already in
# words; $score its score; $finished the date and time it ended.
account-profile-game = { $kind } ({ $origin }) · { $status } · { $score ->
        [one] { $score } point
       *[other] { $score } points
    } · { $finished }
# The same, with $duration, the time the game took ("4:05").
account-profile-game-timed = { $kind } ({ $origin }) · { $status } · { $score ->
        [one] { $score } point
       *[other] { $score } points
    } · { $duration } · { $finished }
account-profile-no-games = No finished game yet.

## The consent page: an app asks to use the player's account

account-consent-reading = Reading the app's request…
# $why is the service's own sentence saying what is wrong with the request.
account-consent-refused = This sign-in request cannot be approved: { $why }
account-consent-nothing-shared = Nothing was shared. Go back to the app and try again, or tell its makers.
# $app is the app's own name for itself (shown in bold).
account-consent-asks = The app { $app } asks to use your account.
account-consent-name-note = This name is the app's own: it is not made or checked by this service.
# $origin is the address the player is sent back to (shown as code), such as https://example.com.
account-consent-return = You go back to { $origin } afterwards.
# Before the list of what the app could do.
account-consent-could = It could:
# $days is how many days the app's access lasts. "Account → apps with access" names where
# the player revokes it: the account screen's "Apps with access".
account-consent-lasts = { $days ->
        [one] Its access lasts { $days } day, until you revoke it (Account → apps with access).
       *[other] Its access lasts { $days } days, until you revoke it (Account → apps with access).
    }
account-consent-insecure = Warning: the app gets its code over plain http to another machine, where others on the network could read it. Approve only if you trust this network.
account-consent-sign-in-first = Sign in, or create an account, to let an app in: a guest account cannot be reached again from elsewhere.
account-consent-sign-in = Sign in or sign up
# The label of the password field before the Approve button.
account-consent-password = Your password, to approve:
account-consent-approve = Approve
account-consent-deny = Deny
