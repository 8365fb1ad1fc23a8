# Chat: the commands of POST /v1/games/{id}/commands and of the Discord, Slack and Telegram
# bots, and what they answer. Commands themselves (`3 7`, `d`, `new`, `link CODE yes`…) are
# typed as written here in every language: keep them, with their backquotes.

command-grammar = Commands: `3 7` moves from column 3 to 7, `3 7 2` moves two cards, `3` makes the best move from column 3, `d` deals, `u` undoes, `h` gives a hint, `b` shows the board, `resign` gives up.
# $grammar is command-grammar.
command-too-long = A command has at most { $max } characters. { $grammar }
command-empty = The command is empty. { $grammar }
command-unknown = I did not understand "{ $text }". { $grammar }
command-body = Send {"{"}"command": "3 7"{"}"} as JSON, or the command as text/plain: { $error }.
command-not-utf8 = The command is not valid UTF-8 text.

## The bots

chat-help = Spider Solitaire. Commands:
    • `new [1|2|4] [spider|spiderette]`: a new game (1 suit, Spider unless you say)
    • `daily [1|2|4]`: today's daily challenge; your first attempt is ranked
    • `puzzle [1|2|4]`: today's puzzle, `puzzle next` one near your rating; your moves go to it until it is over, `puzzle stop` goes back to your game
    • `3 7` moves from column 3 to 7, `3 7 2` moves two cards, `3` makes the best move from column 3
    • `d` deals a row, `u` undoes, `h` gives a hint, `b` shows the board, `resign` gives up
    • `arena` shows the arenas here, `arena join` plays in one (each deal a game: `arena next` for the next, `arena next berserk` without undo for a point more), `arena standings`, `arena new [1|2|4] [minutes]` starts one here
    • `games` lists your games in progress, `resume N` goes back to one
    • `records` shows your records, `share` shows a finished game's result to everyone here
    • `link CODE` plays as your own account (make the code in your account on the web page; `link CODE yes` confirms), `unlink` stops and gives your games back
    • `lang de` speaks German to you (en, de, fr, es, pt-BR, ja; `lang auto`: your app's language)
chat-not-understood = I did not understand { $text }.
    { chat-help }
chat-private-daily = The daily challenge is played in a private chat with the bot: here everyone would see its cards. Send `daily` to the bot directly.
chat-code-burned = That code was typed where others can read it, so it no longer works: make a new one in your account and send `link CODE` to the bot in a private chat.
attempts-chat-commands-server = commands from this server
attempts-link-codes-server = link code attempts from this server
# $platform is Discord, Slack or Telegram; $games how many games moved; $practice how many
# ranked daily attempts became practice.
chat-linked = Linked: your { $platform } account now plays as { $username }.{ $games ->
        [0] {""}
        [one] {" "}Your 1 game here moved to it.
       *[other] {" "}Your { $games } games here moved to it.
    }{ $practice ->
        [0] {""}
        [one] {" "}1 ranked daily attempt became practice: a ranked attempt counts only in the account it was played in.
       *[other] {" "}{ $practice } ranked daily attempts became practice: a ranked attempt counts only in the account it was played in.
    } `unlink` undoes it and gives them back.
chat-unlinked = Unlinked: your { $platform } account no longer plays as { $username }; { $games ->
        [0] none of your games had moved
        [one] the 1 game the link moved is back with you
       *[other] the { $games } games the link moved are back with you
    }. Games played while linked stay with that account.
chat-link-question = This code links your { $platform } account to the account { $username }: from then on you play as it here{ $games ->
        [0] .
        [one] , and your 1 game here moves to it.
       *[other] , and your { $games } games here move to it.
    }{ $practice ->
        [0] {""}
        [one] {" "}1 ranked daily attempt would become practice.
       *[other] {" "}{ $practice } ranked daily attempts would become practice.
    } If that account is yours, send `link { $code } yes`; `unlink` undoes it later and gives your games back. If someone else gave you this code, ignore it: nothing has changed.
# A kind of game: $variant is spider or spiderette, $suits 1, 2 or 4.
chat-kind = { $variant ->
        [spiderette] spiderette
       *[spider] spider
    } { $suits } { $suits ->
        [one] suit
       *[other] suits
    }
# $kind is chat-kind.
chat-new-game = New game: { $kind }. Type `3 7` to move from column 3 to 7, `d` to deal, `h` for a hint.
chat-daily-ranked = Today's daily challenge, { $kind }: this is your ranked attempt. Undo never takes back a move that turned a card over.
chat-daily-practice = Today's daily challenge, { $kind }: this attempt is practice (your ranked attempt is made), so it does not reach the board.
chat-daily-resumed = Your ranked attempt at today's { $kind } daily is in progress: it is your current game again.
chat-no-games = You have no game in progress: type `new` to start one, or `daily`.
chat-games-title = Your games in progress:
# $daily is none, ranked or practice (then $date is the day); $current is yes for the game
# commands go to.
chat-games-line = { $number }. { $kind }{ $daily ->
        [ranked] , ranked daily { $date }
        [practice] , practice daily { $date }
       *[none] {""}
    } · score { $score } · { $moves } moves · runs { $runs }{ $current ->
        [yes] {" "}(current)
       *[no] {""}
    }
chat-games-resume = Type `resume N` to play one.
chat-no-such-game = There is no game { $number } among your { $listed } listed in progress: type `games` to see them numbered.
chat-resumed = Back to game { $number }: { $kind }.
chat-no-records = No records yet for { $username }: finish a game (`new`) and it counts.
chat-records-title = Records of { $username }:
# $best is chat-records-best or nothing, $fastest chat-records-fastest or nothing.
chat-records-line = { $kind }: { $played } played, { $won } won{ $best }{ $fastest }, streak { $streak } (longest { $longest })
chat-records-best = , best score { $score }
# $time is minutes:seconds.
chat-records-fastest = , fastest win { $time }
chat-no-game = You have no game here yet: type `new` to start one, or `daily` for today's challenge.
chat-share-unfinished = Your game is still being played: finish it (or `resign`) and `share` shows its result here.
# $time is chat-share-time, or nothing when the time is not known.
chat-share-won = { $username } won { $kind }{ $daily ->
        [ranked] {" "}(the ranked daily of { $date })
        [practice] {" "}(a practice daily of { $date })
       *[none] {""}
    } with a score of { $score } in { $moves } moves{ $time }.
# $time is minutes:seconds.
chat-share-time = , { $time }
chat-share-resigned = { $username } resigned { $kind }{ $daily ->
        [ranked] {" "}(the ranked daily of { $date })
        [practice] {" "}(a practice daily of { $date })
       *[none] {""}
    } after { $moves } moves, with { $runs } of { $total } runs and a score of { $score }.
# `lang`: $language is the language's own name (Deutsch, 日本語…).
chat-language-now = I speak { $language } to you here. `lang de` (or en, fr, es, pt-BR, ja) changes it; `lang auto` goes back to your app's language.
chat-language-set = From now on I speak { $language } to you here.
chat-language-auto = From now on I speak your app's language to you here ({ $language } now).
chat-language-unknown = I do not speak { $language }: try en, de, fr, es, pt-BR or ja (or `lang auto`).
language-name = { $tag ->
        [de] Deutsch
        [fr] français
        [es] español
        [pt-BR] português (Brasil)
        [ja] 日本語
       *[en] English
    }

## Sentences in the API's answers

# A new link code: where to type it. $code is the code, typed as it is.
chat-link-instructions = Type `/spider link { $code }` in Discord or Slack, or send `link { $code }` to the Telegram bot, within { $minutes } minutes.

## Puzzles in chat

# $kind is chat-kind; $goal one of the puzzle-goal-* messages.
chat-puzzle-daily = Today's puzzle ({ $kind }): { $goal } within { $within ->
        [one] { $within } move
       *[other] { $within } moves
    } (rated { $rating }). Type your moves (`3 7`, `3 7 2`); `puzzle stop` goes back to your game.
chat-puzzle-next = A puzzle ({ $kind }): { $goal } within { $within ->
        [one] { $within } move
       *[other] { $within } moves
    } (rated { $rating }). Type your moves (`3 7`, `3 7 2`); `puzzle stop` goes back to your game.
puzzle-goal-win = win the game
puzzle-goal-remove-run = remove a run
puzzle-goal-empty-column = empty a column
puzzle-goal-turn-card = turn a card face up
chat-puzzle-going = On track: the goal is still in reach, { $left ->
        [one] { $left } move left
       *[other] { $left } moves left
    }.
chat-puzzle-solved = Solved!
chat-puzzle-failed = After move { $mistake } the goal is out of reach whatever the face-down cards are. The answer: { $answer }.
chat-puzzle-rating = Your puzzle rating: { $before } → { $after }.
chat-puzzle-moves-only = A puzzle takes moves of cards only (`3 7`, `3 7 2`): no deal, undo or hint. `puzzle stop` goes back to your game.
chat-puzzle-stopped = Puzzle left: your moves go to your game again.
chat-puzzle-none = You have no puzzle in progress: `puzzle` shows today's.

## Arenas ($title is the arena's title in a code span, $kind the suit setting and variant,
## $code the arena's eight-character code, $time a time of day in UTC)

chat-arena-none = No arena runs here or is coming: `arena new [1|2|4] [minutes]` starts one.
chat-arena-running = Now: { $title } ({ $kind }), { $left ->
    [one] { $left } minute
   *[other] { $left } minutes
    } left, { $players ->
    [one] { $players } player
   *[other] { $players } players
    }: `arena join { $code }`
chat-arena-upcoming = Next: { $title } ({ $kind }) at { $time } UTC for { $minutes } minutes: `arena join { $code }`
chat-arena-you = You: place { $place }, { $points ->
    [one] { $points } point
   *[other] { $points } points
    }.
chat-arena-last = The last one here was { $title }: `arena standings` shows its results.
chat-arena-waiting = You joined { $title }. It starts at { $time } UTC: type `arena next` then for your first deal.
chat-arena-deal = { $title }, your deal { $deal }{ $berserk ->
    [yes] {" "}(berserk: no undo, a point more if you win it)
   *[no] {""}
    }. Play it as any game; once it has ended, `arena next` deals the next (`arena next berserk`: without undo, for a point more).
chat-arena-deal-in-play = { $title }: your deal { $deal } is still in play. Win it, or `resign` it, then `arena next`.
chat-arena-standings-title = { $title }, { $players ->
    [one] { $players } player
   *[other] { $players } players
    }{ $done ->
    [yes] {" "}(final results)
   *[no] {""}
    }:
chat-arena-standings-line = { $place }. { $name }: { $points ->
    [one] { $points } point
   *[other] { $points } points
    }, { $won } of { $played } won{ $fire ->
    [yes] {" "}(on fire)
   *[no] {""}
    }
chat-arena-made = { $username } started the arena { $title } ({ $kind }): { $minutes } minutes, until { $time } UTC. Type `arena join { $code }` to play.
chat-arena-results-here = Its results will be posted here when it ends.
chat-arena-private = Arena deals are played in a private chat with the bot, so that nobody here sees your cards: send `arena join { $code }` to the bot directly.
