# The game in words: cards, the board as text, the rules' refusals, what an action did.
# A card is its rank then its suit's symbol (♠ ♥ ♦ ♣): $rank is 1 (ace) to 13 (king).

card = { $rank ->
    [1] A
    [11] J
    [12] Q
    [13] K
   *[other] { $rank }
    }{ $suit }

# The line over the board's grid. $variant is "spider" or "spiderette"; $status is "playing",
# "won" or "resigned".
board-header = { $variant ->
    [spiderette] spiderette
   *[spider] spider
    } { $suits } { $suits ->
    [one] suit
   *[other] suits
    } · score { $score } · stock { $deals } { $deals ->
    [one] deal
   *[other] deals
    } left · runs { $runs }/{ $total }{ $status ->
    [won] {" · WON"}
    [resigned] {" · resigned"}
   *[playing] {""}
    }

illegal-game-over = The game is over: it accepts no further actions.
illegal-no-such-column = There is no column { $column }.
illegal-same-column = A card cannot be moved onto its own column.
illegal-empty-group = A move must take at least one card.
illegal-not-enough-face-up = Column { $column } has only { $face_up } face-up { $face_up ->
    [one] card
   *[other] cards
    }, so { $count } cannot be moved.
illegal-group-not-same-suit = Those cards are not all one suit: a mixed-suit sequence moves one card at a time.
illegal-group-not-in-sequence = Those cards are not in sequence: each must be exactly one rank below the card above it.
illegal-landing-rank-mismatch = { $card } cannot go on { $onto }: only a card one rank lower can.
illegal-deal-with-empty-column = You cannot deal while a column is empty: move a card into every empty column first.
illegal-stock-empty = The stock is empty: there is nothing left to deal.
illegal-nothing-to-undo = There is nothing to undo.
illegal-undo-disabled = Undo is turned off for this game.
illegal-undo-would-hide-card = That undo would hide a card you have already seen: in this game a move that turned a card over, or a deal, cannot be taken back.
illegal-no-destination = No column can take the cards at the end of column { $column }.

# What an action did. $cards is one card or a run such as "9♠–6♠".
did-move = Moved { $cards } from column { $from } to column { $to }.
did-deal = Dealt a new row from the stock.
did-undo = Took back the last move.
did-resign = You resigned.
did-remove-run = A run was completed and removed from column { $column }.
# $columns lists the columns ("3, 7"); $count is how many there are.
did-turn-card = { $count ->
    [one] A card turned over in column { $columns }.
   *[other] A card turned over in columns { $columns }.
    }
did-win = You won, with a score of { $score }!
# What stands between two sentences (a space in English; nothing in Japanese).
sentence-gap = {" "}

# Cards named together: a run from its first card to its last ("9♠–6♠").
card-group = { $first }–{ $last }
# No card (a hint that names none).
card-group-empty = {""}

# Why a hint suggests its action. $cards is one card or a run, $onto a card; columns from 1.
hint-game-over = The game is over.
hint-try-undo = No useful move is left: try undoing your last moves.
hint-resign = No useful move or deal is left: you may resign.
hint-deal = Deal a new row from the stock: no better move is in sight.
hint-deal-plain = Deal a new row from the stock.
hint-deal-quiet = Deal a new row from the stock: your last { $actions } moves turned no card over and completed no run.
hint-into-empty = Move { $cards } from column { $from } into the empty column { $to }.
hint-fill-to-deal = Move { $cards } from column { $from } into the empty column { $to }, so that you can deal.
# $frees is the card the moved cards sat on.
hint-into-empty-frees = Move { $cards } from column { $from } into the empty column { $to }: it frees { $frees } for building.
# $suit is the suit's symbol (♠ ♥ ♦ ♣).
hint-completes-run = Move { $cards } onto { $onto } in column { $to }: it completes a run of { $suit }.
hint-turns-card = Move { $cards } from column { $from } to column { $to }: it turns over a card in column { $from }.
hint-empties-column = Move { $cards } from column { $from } to column { $to }: it empties column { $from }.
hint-builds-in-suit = Move { $cards } onto { $onto } in column { $to }: it builds in suit.
hint-build = Move { $cards } onto { $onto } in column { $to }.
hint-move-cards = Move { $count } { $count ->
        [one] card
       *[other] cards
    } from column { $from } to column { $to }.
# $first is another hint's sentence.
hint-fill-every-hole = { $first } Your last { $actions } moves turned no card over: fill every empty column so the next row can be dealt.

# Why a daily attempt is practice.
daily-practice = Practice: it counts for nothing. Only a registered account's first attempt at a day's challenge is ranked (guests play the daily as practice).
daily-practice-guest = Guests play the daily challenge as practice: only a registered account's first attempt is ranked. Sign up (your games come with you) to play tomorrow's ranked.
daily-practice-ranked-made = Your ranked attempt at this challenge is made: later attempts are practice.
daily-practice-seen-as-guest = You played this challenge before your account was registered: its cards are known to you, so today's attempts are practice.
# A race room's CPU players. $percent is how fast they aim to finish against people's median
# time; $level is easy, normal or hard (the API's word).
race-cpu-note = CPU players know the whole deal: each plays a winning line, with a few detours at easier levels, at a pace that finishes in about { $percent }% of the median time people take to win this kind of game ({ $level } level).
