# Chat: os comandos de POST /v1/games/{id}/commands e dos bots do Discord, Slack e Telegram, e
# o que eles respondem. Os comandos em si (`3 7`, `d`, `new`, `link CODE yes`…) são digitados
# como aqui em todos os idiomas: mantenha-os, com as crases.

command-grammar = Comandos: `3 7` move da coluna 3 para a 7, `3 7 2` move duas cartas, `3` faz o melhor movimento a partir da coluna 3, `d` distribui, `u` desfaz, `h` dá uma dica, `b` mostra o tabuleiro, `resign` desiste.
# $grammar é command-grammar.
command-too-long = Um comando tem no máximo { $max } caracteres. { $grammar }
command-empty = O comando está vazio. { $grammar }
command-unknown = Não entendi “{ $text }”. { $grammar }
command-body = Envie {"{"}"command": "3 7"{"}"} como JSON, ou o comando como text/plain: { $error }.
command-not-utf8 = O comando não é um texto UTF-8 válido.

## Os bots

chat-help = Paciência Spider. Comandos:
    • `new [1|2|4] [spider|spiderette]`: um novo jogo (1 naipe e Spider, se você não disser outra coisa)
    • `daily [1|2|4]`: o desafio diário de hoje; sua primeira tentativa é ranqueada
    • `puzzle [1|2|4]`: o problema de hoje, `puzzle next` um perto do seu rating; seus movimentos vão para ele até ele terminar, `puzzle stop` volta para o seu jogo
    • `3 7` move da coluna 3 para a 7, `3 7 2` move duas cartas, `3` faz o melhor movimento a partir da coluna 3
    • `d` distribui uma fileira, `u` desfaz, `h` dá uma dica, `b` mostra o tabuleiro, `resign` desiste
    • `arena` mostra as arenas daqui, `arena join` faz você jogar em uma delas (cada distribuição é um jogo: `arena next` para a próxima, `arena next berserk` sem desfazer por um ponto a mais), `arena standings` mostra a classificação, `arena new [1|2|4] [minutes]` cria uma aqui
    • `games` lista seus jogos em andamento, `resume N` volta para um deles
    • `records` mostra seus recordes, `share` mostra o resultado de um jogo terminado para todos aqui
    • `link CODE` faz você jogar com a sua própria conta (gere o código na sua conta, na página web; `link CODE yes` confirma), `unlink` desfaz o vínculo e devolve seus jogos
    • `lang de` me faz falar alemão com você (en, de, fr, es, pt-BR, ja; `lang auto`: o idioma do seu app)
chat-not-understood = Não entendi { $text }.
    { chat-help }
chat-private-daily = O desafio diário é jogado em uma conversa privada com o bot: aqui todos veriam as cartas. Envie `daily` diretamente para o bot.
chat-code-burned = Esse código foi digitado onde outras pessoas podem lê-lo, então não funciona mais: gere um novo na sua conta e envie `link CODE` para o bot em uma conversa privada.
attempts-chat-commands-server = comandos deste servidor
attempts-link-codes-server = tentativas de código de vinculação deste servidor
# $platform é Discord, Slack ou Telegram; $games, quantos jogos foram transferidos; $practice,
# quantas tentativas ranqueadas do desafio diário viraram treino.
chat-linked = Vinculado: sua conta do { $platform } agora joga como { $username }.{ $games ->
        [0] {""}
        [one] {" "}Seu jogo daqui foi transferido para ela.
       *[other] {" "}Seus { $games } jogos daqui foram transferidos para ela.
    }{ $practice ->
        [0] {""}
        [one] {" "}1 tentativa ranqueada do desafio diário virou treino: uma tentativa ranqueada só vale na conta em que foi feita.
       *[other] {" "}{ $practice } tentativas ranqueadas do desafio diário viraram treino: uma tentativa ranqueada só vale na conta em que foi feita.
    } `unlink` desfaz o vínculo e devolve os jogos.
chat-unlinked = Desvinculado: sua conta do { $platform } não joga mais como { $username }; { $games ->
        [0] nenhum dos seus jogos tinha sido transferido
        [one] o jogo que o vínculo transferiu voltou para você
       *[other] os { $games } jogos que o vínculo transferiu voltaram para você
    }. Os jogos jogados durante o vínculo ficam com aquela conta.
chat-link-question = Este código vincula sua conta do { $platform } à conta { $username }: a partir daí, você joga com ela aqui{ $games ->
        [0] .
        [one] , e seu jogo daqui passa para ela.
       *[other] , e seus { $games } jogos daqui passam para ela.
    }{ $practice ->
        [0] {""}
        [one] {" "}1 tentativa ranqueada do desafio diário viraria treino.
       *[other] {" "}{ $practice } tentativas ranqueadas do desafio diário virariam treino.
    } Se essa conta é sua, envie `link { $code } yes`; depois, `unlink` desfaz o vínculo e devolve seus jogos. Se outra pessoa lhe deu este código, ignore-o: nada mudou.
# Um tipo de jogo: $variant é spider ou spiderette; $suits, 1, 2 ou 4.
chat-kind = { $variant ->
        [spiderette] Spiderette
       *[spider] Spider
    } de { $suits } { $suits ->
        [one] naipe
       *[other] naipes
    }
# $kind é chat-kind.
chat-new-game = Novo jogo: { $kind }. Digite `3 7` para mover da coluna 3 para a 7, `d` para distribuir, `h` para uma dica.
chat-daily-ranked = Desafio diário de hoje, { $kind }: esta é a sua tentativa ranqueada, e nela não é possível desfazer um movimento que virou uma carta.
chat-daily-practice = Desafio diário de hoje, { $kind }: esta tentativa é de treino (sua tentativa ranqueada já foi feita), então ela não entra no ranking.
chat-daily-resumed = Sua tentativa ranqueada no desafio diário de hoje ({ $kind }) está em andamento: ela voltou a ser o seu jogo atual.
chat-no-games = Você não tem nenhum jogo em andamento: digite `new` para começar um, ou `daily`.
chat-games-title = Seus jogos em andamento:
# $daily é none, ranked ou practice (e então $date é o dia); $current é yes para o jogo que
# recebe os comandos.
chat-games-line = { $number }. { $kind }{ $daily ->
        [ranked] , desafio diário ranqueado de { $date }
        [practice] , desafio diário de treino de { $date }
       *[none] {""}
    } · pontuação { $score } · { $moves ->
        [0] { $moves } movimentos
        [one] { $moves } movimento
       *[other] { $moves } movimentos
    } · sequências { $runs }{ $current ->
        [yes] {" "}(atual)
       *[no] {""}
    }
chat-games-resume = Digite `resume N` para jogar um deles.
chat-no-such-game = Não existe o jogo { $number } entre { $listed ->
        [0] os seus jogos em andamento listados
        [one] o seu único jogo em andamento listado
       *[other] os seus { $listed } jogos em andamento listados
    }: digite `games` para vê-los numerados.
chat-resumed = De volta ao jogo { $number }: { $kind }.
chat-no-records = Ainda não há recordes de { $username }: termine um jogo (`new`) e ele já conta.
chat-records-title = Recordes de { $username }:
# $best é chat-records-best ou nada; $fastest, chat-records-fastest ou nada.
chat-records-line = { $kind }: { $played ->
        [0] { $played } jogos
        [one] { $played } jogo
       *[other] { $played } jogos
    }, { $won ->
        [0] { $won } vitórias
        [one] { $won } vitória
       *[other] { $won } vitórias
    }{ $best }{ $fastest }, série de { $streak ->
        [0] { $streak } vitórias
        [one] { $streak } vitória
       *[other] { $streak } vitórias
    } (maior: { $longest })
chat-records-best = , melhor pontuação { $score }
# $time é minutos:segundos.
chat-records-fastest = , vitória mais rápida { $time }
chat-no-game = Você ainda não tem nenhum jogo aqui: digite `new` para começar um, ou `daily` para o desafio de hoje.
chat-share-unfinished = Seu jogo ainda está em andamento: termine-o (ou use `resign`) e `share` mostrará o resultado aqui.
# $time é chat-share-time, ou nada quando o tempo não é conhecido.
chat-share-won = { $username } venceu um jogo de { $kind }{ $daily ->
        [ranked] {" "}(o desafio diário ranqueado de { $date })
        [practice] {" "}(um desafio diário de treino de { $date })
       *[none] {""}
    } com pontuação de { $score } em { $moves ->
        [0] { $moves } movimentos
        [one] { $moves } movimento
       *[other] { $moves } movimentos
    }{ $time }.
# $time é minutos:segundos.
chat-share-time = , em { $time }
chat-share-resigned = { $username } desistiu de um jogo de { $kind }{ $daily ->
        [ranked] {" "}(o desafio diário ranqueado de { $date })
        [practice] {" "}(um desafio diário de treino de { $date })
       *[none] {""}
    } após { $moves ->
        [0] { $moves } movimentos
        [one] { $moves } movimento
       *[other] { $moves } movimentos
    }, com { $runs } de { $total } sequências completas e pontuação de { $score }.
# `lang`: $language é o nome do idioma nele mesmo (Deutsch, 日本語…).
chat-language-now = Aqui eu falo com você em { $language }. `lang de` (ou en, fr, es, pt-BR, ja) muda isso; `lang auto` volta para o idioma do seu app.
chat-language-set = A partir de agora, falo com você aqui em { $language }.
chat-language-auto = A partir de agora, falo com você aqui no idioma do seu app ({ $language } no momento).
chat-language-unknown = Não falo { $language }: tente en, de, fr, es, pt-BR ou ja (ou `lang auto`).
language-name = { $tag ->
        [de] Deutsch
        [fr] français
        [es] español
        [pt-BR] português (Brasil)
        [ja] 日本語
       *[en] English
    }

## Frases nas respostas da API

# Um novo código de vinculação: onde digitá-lo. $code é o código, digitado como está.
chat-link-instructions = Digite `/spider link { $code }` no Discord ou no Slack, ou envie `link { $code }` ao bot do Telegram, em até { $minutes } minutos.

## Problemas no chat

# $kind é chat-kind; $goal, uma das mensagens puzzle-goal-*.
chat-puzzle-daily = O problema de hoje ({ $kind }): { $goal } em até { $within ->
        [one] { $within } movimento
       *[other] { $within } movimentos
    } (rating { $rating }). Digite seus movimentos (`3 7`, `3 7 2`); `puzzle stop` volta para o seu jogo.
chat-puzzle-next = Um problema ({ $kind }): { $goal } em até { $within ->
        [one] { $within } movimento
       *[other] { $within } movimentos
    } (rating { $rating }). Digite seus movimentos (`3 7`, `3 7 2`); `puzzle stop` volta para o seu jogo.
puzzle-goal-win = vença o jogo
puzzle-goal-remove-run = retire uma sequência
puzzle-goal-empty-column = esvazie uma coluna
puzzle-goal-turn-card = vire uma carta para cima
chat-puzzle-going = No caminho certo: o objetivo ainda está ao alcance, { $left ->
        [0] restam { $left } movimentos
        [one] resta { $left } movimento
       *[other] restam { $left } movimentos
    }.
chat-puzzle-solved = Resolvido!
chat-puzzle-failed = Depois do movimento { $mistake }, o objetivo ficou fora de alcance, sejam quais forem as cartas viradas para baixo. A solução: { $answer }.
chat-puzzle-rating = Seu rating de problemas: { $before } → { $after }.
chat-puzzle-moves-only = Um problema aceita só movimentos de cartas (`3 7`, `3 7 2`): nada de distribuir, desfazer ou pedir dica. `puzzle stop` volta para o seu jogo.
chat-puzzle-stopped = Você saiu do problema: seus movimentos vão de novo para o seu jogo.
chat-puzzle-none = Você não tem nenhum problema em andamento: `puzzle` mostra o de hoje.

## Arenas ($title é o título da arena em um code span, $kind os naipes e a variante,
## $code o código de oito caracteres da arena, $time um horário do dia em UTC)

chat-arena-none = Nenhuma arena está em andamento nem programada aqui: `arena new [1|2|4] [minutes]` cria uma.
chat-arena-running = Agora: { $title } ({ $kind }), { $left ->
    [0] restam { $left } minutos
    [one] resta { $left } minuto
   *[other] restam { $left } minutos
    }, { $players ->
    [0] { $players } jogadores
    [one] { $players } jogador
   *[other] { $players } jogadores
    }: `arena join { $code }`
chat-arena-upcoming = Próxima: { $title } ({ $kind }) às { $time } UTC, por { $minutes } minutos: `arena join { $code }`
chat-arena-you = Você: posição { $place }, { $points ->
    [0] { $points } pontos
    [one] { $points } ponto
   *[other] { $points } pontos
    }.
chat-arena-last = A última arena daqui foi { $title }: `arena standings` mostra os resultados dela.
chat-arena-waiting = Você entrou na arena { $title }. Ela começa às { $time } UTC: então digite `arena next` para a sua primeira distribuição.
chat-arena-deal = { $title }, sua distribuição { $deal }{ $berserk ->
    [yes] {" "}(berserk: sem desfazer, um ponto a mais se você vencer)
   *[no] {""}
    }. Jogue-a como qualquer jogo; quando ela terminar, `arena next` traz a próxima (`arena next berserk`: sem desfazer, por um ponto a mais).
chat-arena-deal-in-play = { $title }: sua distribuição { $deal } ainda está em andamento. Vença-a, ou desista dela com `resign`, e depois digite `arena next`.
chat-arena-standings-title = { $title }, { $players ->
    [0] { $players } jogadores
    [one] { $players } jogador
   *[other] { $players } jogadores
    }{ $done ->
    [yes] {" "}(resultado final)
   *[no] {""}
    }:
chat-arena-standings-line = { $place }. { $name }: { $points ->
    [0] { $points } pontos
    [one] { $points } ponto
   *[other] { $points } pontos
    }, { $won } { $won ->
    [0] vencidas
    [one] vencida
   *[other] vencidas
    } de { $played }{ $fire ->
    [yes] {" "}(pegando fogo)
   *[no] {""}
    }
chat-arena-made = { $username } criou a arena { $title } ({ $kind }): { $minutes } minutos, até as { $time } UTC. Digite `arena join { $code }` para jogar.
chat-arena-results-here = Os resultados serão publicados aqui quando ela terminar.
chat-arena-private = Você joga as distribuições da arena em uma conversa privada com o bot, para que ninguém aqui veja as suas cartas: envie `arena join { $code }` diretamente para o bot.
