# The race screen (web/js/race.js): hosting a room, its seats, the countdown, the live
# standings, the results.

## The message line while following a room.

race-stream-stopped = The race stream stopped.
# $error is the service's own sentence (already in the page's language) on why the room
# could not be reached.
race-still-trying = { $error } Still trying to reach the room…
race-go-message = Go! Clear the table before the others.

## The message line when a player finishes or quits. $name is the player's name, $time how
## long they took (a duration such as 4:05), $place their place in the round (1 for the first).

race-news-you-quit = You quit.
race-news-quit = { $name } quit.
race-news-you-finished = You finished in { $time }, place { $place }.
race-news-finished = { $name } finished in { $time }, place { $place }.
race-news-you-finished-untimed = You finished, place { $place }.
race-news-finished-untimed = { $name } finished, place { $place }.

## The round's clock. $elapsed and $limit are durations such as 4:05 and 10:00.

race-clock = { $elapsed } of { $limit }
race-clock-past-limit = { $elapsed } of { $limit } (past the time limit)

## The room's rules: short labels shown in one line, joined by " · ".

# $difficulty is the deal's difficulty: "easy", "normal" or "hard".
race-rule-difficulty = { $difficulty ->
        [easy] easy deal
        [normal] normal deal
        [hard] hard deal
       *[other] { $difficulty } deal
    }
# $minutes is the round's time limit in minutes.
race-rule-minutes = { $minutes } min
race-rule-hints-on = hints on
race-rule-no-hints = no hints
race-rule-handicap = handicap
race-rule-ranked = ranked
race-rule-unranked = unranked
# $level is how fast the CPU players play: "easy", "normal" or "hard".
race-rule-cpu-speed = CPU speed { $level ->
        [easy] easy
        [normal] normal
        [hard] hard
       *[other] { $level }
    }
# $seconds: after how many seconds without a move a CPU plays for an idle player.
race-rule-stand-in = stand-in after { $seconds } s idle

# The note under Undo in the form for hosting a room when Ranked is ticked and undo "full"
# chosen: a ranked room allows at most "no reveal" (the name of an undo mode, as in the form).
race-undo-ranked = A ranked room plays undo "no reveal": it takes back any move but one that showed a new card (a deal, or a move that turned a card over).

## The room's seats.

race-tag-host = host
race-tag-cpu = CPU
race-tag-you = you
race-remove = Remove
# The Remove button's label for screen readers. $name is the seated player's name.
race-remove-label = Remove { $name }

## The room's buttons and status line.

race-start = Start
race-play-again = Play again
race-opening = Opening the room…
# The host, before the first round. $code is the room's code; $count the number of players in it.
race-status-host-waiting = Share the link or the code { $code }; start when everyone is here ({ $count ->
        [one] { $count } player
       *[other] { $count } players
    }).
# The others, before the first round. $host is the host's name; $count the number of players in the room.
race-status-guest-waiting = Waiting for { $host } to start ({ $count ->
        [one] { $count } player
       *[other] { $count } players
    } in the room).
# As race-status-guest-waiting, when the host's name is not known.
race-status-guest-waiting-no-host = Waiting for the host to start ({ $count ->
        [one] { $count } player
       *[other] { $count } players
    } in the room).
# $round is the round's number; $seconds the seconds left before it starts.
race-status-countdown = Round { $round } starts in { $seconds }…
race-status-go = Go!
# $round is the round's number.
race-status-running = Round { $round } is on.
race-status-running-waiting = Round { $round } is on: waiting for the others to finish.
# Follows race-status-running for a player who joined during the round.
race-status-next-round = You play from the next round.
race-status-over = Round { $round } is over.
# Follow race-status-over. $name is the name of the player in first place: "won" when they
# cleared the table, "came first" when the round ended before anyone did.
race-status-winner = { $name } won.
race-status-first = { $name } came first.
# Follow those, for the host and for the other players.
race-status-again = Play again with the same party?
race-status-wait-next = Waiting for the host to start the next round.

## The standings' table.

# A player's result. $standing is "finished", "finished_late" (after the time limit), "playing",
# "quit", or "unfinished" (the round ended while they were still playing).
race-result = { $standing ->
        [finished] finished
        [finished_late] finished late
        [playing] playing
        [quit] quit
        [unfinished] did not finish
       *[other] { $standing }
    }
# As race-result, with how long they took: $time is a duration such as 4:05.
race-result-timed = { $standing ->
        [finished] finished in { $time }
        [finished_late] finished late in { $time }
        [playing] playing in { $time }
        [quit] quit in { $time }
        [unfinished] did not finish in { $time }
       *[other] { $standing } in { $time }
    }
race-tag-stand-in = stand-in
# The title (tooltip) of the "stand-in" tag.
race-stand-in-title = A CPU plays for this idle player
# After the player's own name, for screen readers only.
race-standing-you = (you)
# The progress bar's label for screen readers. $name is the player's name; $done of $total
# runs are completed.
race-progress-label = { $name }: { $done } of { $total } { $total ->
        [one] run
       *[other] runs
    }

## The message line after the player's own actions.

# $code is the room's code.
race-room-open = Room { $code } is open. Send the link to your friends.
race-joined = You joined room { $code }.
# $error is the service's own sentence (no winnable deal is ready yet); $seconds the wait.
race-retrying = { $error } (Trying again in { $seconds } s.)
race-you-quit-round = You quit this round.
# $name is the name of the player whose seat the host freed.
race-seat-freed = { $name }'s seat is free again.
race-link-copied = Link copied: send it to your friends.
race-copy-by-hand = Select the link and copy it.
