# The web page's screens: the daily challenge panel, the analysis of a game (and its winning
# line played out on the table), My games, Records and the all-time boards.
# $kind is a kind of game in words, such as "Spider, 1 suit".

## Shared by several screens

screens-loading = Loading…
# After a player's name on a leaderboard, for screen readers only: the row is mine.
# It starts with a space in English (the name comes just before it).
screens-player-you = {" "}(you)
# A leaderboard's last column: what it is ranked by.
screens-measure-score = Score
screens-measure-time = Time
screens-measure-moves = Moves

## The daily challenge panel (on the play screen)

# $error is the server's own sentence, shown as it is.
screens-daily-unavailable = Daily challenge unavailable: { $error }
screens-daily-none = No daily challenge for this setting.
# $date is today's date (the day in UTC), $players how many have a ranked attempt, $hours and
# $minutes the time left until the challenge ends.
screens-daily-info = { $date } (UTC) · { $kind } · { $players ->
        [one] { $players } ranked player
       *[other] { $players } ranked players
    } · ends in { $hours } h { $minutes } min
# One of my attempts at today's challenge. $type is "ranked" or "practice"; $status is the
# game's state in words ("playing", "won", "resigned"); $runs is how many runs it completed.
screens-daily-attempt = { $type ->
        [ranked] Ranked
       *[practice] Practice
    } · { $status } · { $score ->
        [one] { $score } point
       *[other] { $score } points
    } · { $runs ->
        [one] { $runs } run
       *[other] { $runs } runs
    }
# Instead of a button, next to the attempt that is the game on the table now.
screens-daily-on-table = on the table
screens-daily-resume-attempt = Resume
screens-daily-view-attempt = View
# The daily button's label: an attempt is in progress, only practice is left, or neither.
screens-daily-button-resume = Resume daily
screens-daily-button-practice = Daily (practice)
screens-daily-button = Daily challenge
screens-leaderboard-title = Leaderboard
# $date is the leaderboard's day.
screens-leaderboard-title-date = Leaderboard { $date }
screens-leaderboard-empty = No one has played today yet.
# $type is "ranked" or "practice".
screens-daily-back = { $type ->
        [ranked] Back to today's ranked attempt.
       *[practice] Back to today's practice attempt.
    }
# $error is the server's sentence saying the ranked attempt is still open; the page then shows it.
screens-daily-back-open = { $error } Here it is.
screens-daily-started-ranked = Today's daily challenge: this attempt is ranked. Good luck!
# $reason is the server's sentence saying why this attempt is practice (or screens-daily-practice).
screens-daily-started-practice = Today's daily challenge. { $reason }
screens-daily-practice = This attempt is practice.

## The analysis of a game

screens-analysis-pick = Pick a finished game in My games.
screens-analysis-loading = Loading the game…
screens-analysis-won = You won
screens-analysis-resigned = Resigned
screens-analysis-in-progress = In progress
# The game's facts: a list of names and values.
screens-analysis-fact-game = Game
screens-analysis-fact-score = Score
screens-analysis-fact-runs = Runs
screens-analysis-fact-actions = Actions
screens-analysis-fact-time = Time
# $deal is the deal's number.
screens-analysis-game-deal = { $kind }, deal #{ $deal }
# $done runs completed of the game's $total.
screens-analysis-runs = { $done } of { $total }
# $actions is every action of the game; then how many of them were moves, deals and undos.
screens-analysis-actions = { $actions } ({ $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }, { $deals ->
        [one] { $deals } deal
       *[other] { $deals } deals
    }, { $undos ->
        [one] { $undos } undo
       *[other] { $undos } undos
    })
screens-analysis-continue = Continue this game
screens-analysis-play-again = Play this deal again
screens-analysis-after-game = The analysis opens once the game is over.
screens-analysis-wait = Analysing the game with every card… (up to 20 seconds)
# $error is the server's sentence saying the search is busy; $seconds the wait before asking again.
screens-analysis-retry = { $error } Trying again in { $seconds } s…
# The verdict: how the game went.
screens-verdict-won = You won this game.
screens-verdict-never-winnable = This deal could not be won, whatever you played.
screens-verdict-lost = The deal could be won, and one action lost it.
screens-verdict-still-winnable = The game could still have been won when it ended.
screens-verdict-unknown = The search could not settle where this game was lost.
# Whether the deal could be won at all.
screens-deal-winnable = The deal was winnable from the opening.
screens-deal-not-winnable = The deal was not winnable from the opening.
screens-deal-unknown = Whether the deal was winnable could not be settled within the search budget.
# $step is screens-analysis-losing-step, shown in bold.
screens-analysis-losing = The first losing action: { $step }. Before it the game could be won; after it, no longer.
# $number is the action's number in the game, $action the action in words ("Deal a row from the stock").
screens-analysis-losing-step = action { $number } ({ $action })
# The search proved the game winnable after the first $after actions ($after may be "?": not
# proven), and (the second) lost after the first $lost.
screens-analysis-bounds = Proven: winnable after { $after ->
        [one] { $after } action
       *[other] { $after } actions
    }; the losing action lies between.
screens-analysis-bounds-lost = Proven: winnable after { $after ->
        [one] { $after } action
       *[other] { $after } actions
    }, lost after { $lost }; the losing action lies between.
screens-analysis-line-title = A winning line
# $count is how many actions the winning line has; it starts from the opening deal.
screens-analysis-line-from-opening = From the last position proven winnable (after the opening deal), { $count ->
        [one] this action wins.
       *[other] these { $count } actions win.
    }
# $count is how many actions the winning line has; it starts after the player's first $after actions.
screens-analysis-line-from-after = From the last position proven winnable (after your first { $after ->
        [one] action
       *[other] { $after } actions
    }), { $count ->
        [one] this action wins.
       *[other] these { $count } actions win.
    }
screens-analysis-previous-step = Previous step
screens-analysis-next-step = Next step
# $step is the step's number in the line, of $total; $action the step in words.
screens-analysis-step = Step { $step } of { $total }: { $action }.
screens-analysis-play-line = Play it out on the table
screens-analysis-play-line-note = Playing it out starts a replay of this deal (it counts for your records only, as a known deal), replays your first actions up to the line, then shows each step of the line on the table.
screens-analysis-cleared = Nothing to improve on the way: you cleared the table.
# $positions is how many positions the search looked at; $seconds how long it took (one decimal).
screens-analysis-searched = { $positions ->
        [one] { $positions } position searched in { $seconds } s.
       *[other] { $positions } positions searched in { $seconds } s.
    }
# While the game is replayed up to the winning line: $done of $total actions replayed so far.
screens-line-replaying = Replaying your game: { $done } of { $total ->
        [one] { $total } action…
       *[other] { $total } actions…
    }
screens-line-ready = This is the last position that could still be won. Follow the highlighted steps.
# The bar above the board while it leads through the winning line.
screens-guide-label = Winning line
screens-guide-off-line = You left the winning line: undo to get back, or play on.
screens-guide-done = That was the whole line.
# $step is the step's number in the line, of $total; $action the step in words.
screens-guide-step = Winning line, step { $step } of { $total }: { $action }.
screens-guide-play-step = Play this step
screens-guide-stop = Stop guiding

## My games

screens-games-empty = No games yet.
# $deal is the deal's number.
screens-games-kind-deal = { $kind } · #{ $deal }
# What a row's button does, for screen readers. $when is the date and time the game began.
screens-games-continue-label = Continue the { $kind } game of { $when }
screens-games-result-label = Result of the { $kind } game of { $when }
screens-games-continue = Continue
screens-games-result = Result

## Records and race ratings

# $name is the account's username.
screens-records-signed-in = Signed in as { $name }.
screens-records-guest = A guest account on this browser: sign up to keep your records anywhere.
screens-records-empty = No games yet: play one!
# The current winning streak, and the longest one in brackets.
screens-records-streak = { $current } ({ $longest })
# A race rating: $rating is the rating (shown in bold), $rounds how many ranked rounds made it.
screens-records-rating = { $kind }: { $rating } after { $rounds ->
        [one] { $rounds } ranked round
       *[other] { $rounds } ranked rounds
    }
screens-records-no-rating = No ranked race yet: everyone starts at 1500.

## The all-time boards

screens-boards-empty = No one is on this board yet: win a game to be the first.
# My place on the board: $rank, and $value my score, time or moves.
screens-boards-you = Your place: #{ $rank } ({ $value }).
screens-boards-not-you = You are not on this board yet.

## Puzzles

screens-puzzle-goal = { $goal } within { $within ->
        [one] { $within } move
       *[other] { $within } moves
    } (rated { $rating })
screens-puzzle-goal-win = Win the game
screens-puzzle-goal-remove-run = Remove a run
screens-puzzle-goal-empty-column = Empty a column
screens-puzzle-goal-turn-card = Turn a card face up
screens-puzzle-card = { $card }, column { $column }
screens-puzzle-column = Column { $column }
screens-puzzle-face-down = { $count } face down
screens-puzzle-going = On track: { $left ->
        [one] { $left } move left.
       *[other] { $left } moves left.
    }
screens-puzzle-solved = Solved!
screens-puzzle-failed = After move { $mistake } the goal is out of reach. The answer: { $answer }.
screens-puzzle-rating = Your puzzle rating: { $before } → { $after }.
screens-puzzle-streak = Streak: { $score }
screens-puzzle-streak-over = Streak over: { $score } solved.

## Arenas

screens-arenas-empty = No arena runs now or is coming.
screens-arenas-mine-empty = You have not played in an arena yet.
# $state is running, upcoming or over; $start and $end are moments as the language writes them.
screens-arena-line = { $title } · { $kind } · { $state ->
    [running] until { $end }
    [upcoming] from { $start } to { $end }
   *[over] ended { $end }
    } · { $players ->
    [one] { $players } player
   *[other] { $players } players
    }
screens-arena-open = Open
screens-arena-open-label = Open { $title }
# $undo is full, no_reveal or off; $hints and $rated are yes or no.
screens-arena-rules = { $deals } deals, undo { $undo ->
    [full] allowed
    [no_reveal] except cards turned over
   *[off] off
    }, hints { $hints ->
    [yes] allowed
   *[no] off
    }{ $rated ->
    [yes] , rated (accounts only)
   *[no] {""}
    }
screens-arena-you = You: place { $place }, { $points ->
    [one] { $points } point
   *[other] { $points } points
    }, { $won } of { $played } won{ $fire ->
    [yes] , on fire
   *[no] {""}
    }
screens-arena-final = Your final place: { $place }, { $points ->
    [one] { $points } point
   *[other] { $points } points
    }, { $won } of { $played } won
screens-arena-nobody = Nobody has joined yet.
screens-arena-won-of = { $won } of { $played }
screens-arena-deal-started = Deal { $deal } of { $title }: it is on the table.
