# The web page's table (web/js: util.js, board.js, input.js, table.js, main.js, api.js): the
# board read out to screen readers, the line over the table, the end-of-game banner, the
# message line while playing, and the names every screen uses (kinds of game, undo modes,
# statuses, actions, cards in words). Columns are numbered from 1, as on the table.

## Names other screens use too (util.js)

# A card in words, for screen readers. $rank is 1 (ace) to 13 (king); $suit is "spades",
# "hearts", "diamonds" or "clubs".
table-card-name = { $rank ->
        [1] Ace
        [11] Jack
        [12] Queen
        [13] King
       *[other] { $rank }
    } of { $suit ->
        [spades] spades
        [hearts] hearts
        [diamonds] diamonds
        [clubs] clubs
       *[other] { $suit }
    }

# A kind of game. $variant is "spider" or "spiderette"; $suits is 1, 2 or 4.
table-kind = { $variant ->
        [spiderette] Spiderette
       *[spider] Spider
    }, { $suits ->
        [one] { $suits } suit
       *[other] { $suits } suits
    }

# Undo modes: a short name, and what the mode allows.
table-undo-full = full
table-undo-full-about = Undo takes back any move or deal.
table-undo-no-reveal = no reveal
table-undo-no-reveal-about = Undo takes back any move but one that showed a new card (a deal, or a move that turned a card over).
table-undo-off = off
table-undo-off-about = No undo: every move stands.
# A room's undo setting in a list of its settings. $mode is one of the names above.
table-undo-label = undo: { $mode }

# A game's status in a list of games.
table-status-playing = playing
table-status-won = won
table-status-resigned = resigned

# An action in words (a step of a winning line, a game's first losing action).
table-action-nothing = nothing
table-action-move = Move { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } from column { $from } to column { $to }
table-action-deal = Deal a row from the stock
table-action-undo = Undo
table-action-resign = Resign

## The board, read out to screen readers (board.js)

# $down and $up count the column's face-down and face-up cards.
table-column-label = Column { $column }: { $down } face-down, { $up ->
        [one] { $up } face-up card
       *[other] { $up } face-up cards
    }
table-empty-column = Empty column { $column }
# The completed runs beside the board: $runs of $total.
table-foundation-label = Completed runs: { $runs } of { $total }
# Under the stock's cards; $deals is how many deals the stock has left.
table-stock-count = { $deals ->
        [one] { $deals } deal left
       *[other] { $deals } deals left
    }
# The stock is a button that deals.
table-stock-label = Stock: { $deals ->
        [one] { $deals } deal left
       *[other] { $deals } deals left
    }. Deal.
# The runs counter beside the score: completed of all.
table-runs-stat = { $runs }/{ $total }

## The line over the table: what kind of game it is (board.js), its parts joined by " · "

# A daily challenge's attempt. $date is the challenge's day.
table-label-daily-ranked = daily { $date } (ranked)
table-label-daily-practice = daily { $date } (practice)
table-label-race = race
# $difficulty is "easy", "normal" or "hard".
table-label-race-difficulty = race ({ $difficulty ->
        [easy] easy
        [normal] normal
        [hard] hard
       *[other] { $difficulty }
    } deal)
table-label-winnable = winnable deal ({ $difficulty ->
        [easy] easy
        [normal] normal
        [hard] hard
       *[other] { $difficulty }
    })
table-label-replay = replay
# $deal is the deal's number.
table-label-deal = deal #{ $deal }
table-label-no-undo = no undo
table-label-undo-no-reveal = undo never hides a shown card
table-label-no-hints = no hints
# When a deal is allowed with an empty column. $rule is "strict" or "allowed".
table-label-deal-rule = deal rule: { $rule ->
        [strict] strict
        [allowed] allowed
       *[other] { $rule }
    }

## Buttons (board.js, table.js)

table-resign = Resign
table-quit-race = Quit race
# The resign (or quit) button after one click: a second click confirms.
table-really-resign = Really resign?
table-really-quit = Really quit?
table-standings = Standings
table-new-game-button = New game
table-play-again = Play this deal again
table-where-did-i-go-wrong = Where did I go wrong?

## The banner at the end of a game (board.js)

table-banner-you-won = You won!
table-banner-resigned = Game resigned
table-banner-quit-round = You quit this round
# $actions counts the player's actions; $time is how long the game took ("4:07").
table-banner-won = Score { $score } · { $actions ->
        [one] { $actions } move
       *[other] { $actions } moves
    } · { $time }.
# A game that was not won: $runs of $total runs completed.
table-banner-over = { $runs } of { $total } runs completed, score { $score }.
# Follows the sentence above when the deal has a number. $deal is that number.
table-banner-deal = Deal #{ $deal }.

## The message line (table.js, input.js, main.js)

table-welcome = Welcome! Tap a card, then a column, to move it, or drag it there.
# $error is what went wrong, as the browser says it.
table-error-unexpected = Something went wrong: { $error }
# $detail is the server's refusal (another tab or device played first).
table-version-conflict = { $detail } (The board now shows the game as it is.)
table-you-won-points = { $score ->
        [one] You won with { $score } point!
       *[other] You won with { $score } points!
    }
table-deal-number-invalid = A deal number is a whole number (leave it empty for a random deal).
# A new game was dealt. $kind is the kind of game ("Spider, 2 suits", see table-kind).
table-new-game = New { $kind } game. Good luck!
# The same with the deal's number the player asked for: $deal.
table-new-game-deal = New { $kind } game, deal #{ $deal }. Good luck!
table-stuck-undo-or-resign = No move or deal is left: undo, or resign.
table-stuck-resign = No move or deal is left: resign to end the game.
table-you-resigned = You resigned this game.
table-restarted = The same deal again, from the start.
table-column-empty = Column { $column } is empty.
# Keys 1–9 and 0 pick up a column's movable cards. $cards lists them ("9♠ 8♠ 7♠"), $count is
# how many there are; the player then presses another column's number to put them there.
table-picked-up = { $count ->
        [one] Column { $column }: { $cards } picked up. Press the number of the column to put it on ({ $column } again: its best place; Esc: drop).
       *[other] Column { $column }: { $cards } picked up. Press the number of the column to put them on ({ $column } again: their best place; Esc: drop).
    }

## What the page says when it cannot talk to the server (api.js)

table-session-ended = Your session has ended: sign in again to go on.
table-server-unreachable = Cannot reach the game server. Check your connection and try again.
# The server failed without saying why. $status is the HTTP status code (503), $text its
# words as the server sent them ("Service Unavailable"), often empty.
table-server-answered = The server answered { $status } { $text }.
# An error with no words at all: $status is the HTTP status code.
table-http-status = HTTP { $status }
# A face-up card by name and place: $position counts from the top of the column, face-down cards too, of $count in it.
table-card-place = { $card }, column { $column }, card { $position } of { $count }
# A face-down card (never named: nobody may know it), by its place.
table-card-face-down = Face-down card, column { $column }, card { $position } of { $count }
# Said after a move: $card is the first card moved (in words), $count how many moved.
announce-moved = { $count ->
        [one] { $card } moved
       *[other] { $count } cards from { $card } moved
    } from column { $from } to column { $to }.
# Said when a move turned a card over: $card in words.
announce-turned = { $card } turned over in column { $column }.
# Said when a run left the table: $card is its king, in words.
announce-run = The run from { $card } down is complete: { $runs } of { $total }.
# Said after a deal from the stock: $deals is how many are left.
announce-dealt = { $deals ->
        [0] Dealt a row; the stock is empty.
        [one] Dealt a row; one deal left.
       *[other] Dealt a row; { $deals } deals left.
    }
announce-undone = The last action was undone.
# The table read aloud, a column at a time: $cards are its face-up cards in words.
table-read-column = Column { $column }: { $down ->
        [0] {""}
        [one] one face-down card, then
       *[other] { $down } face-down cards, then
    } { $cards }.
table-read-empty = Column { $column }: empty.
table-read-rest = { $deals ->
        [0] The stock is empty;
        [one] One deal left;
       *[other] { $deals } deals left;
    } { $runs } of { $total } runs complete.
