# A mesa da página web (web/js: util.js, board.js, input.js, table.js, main.js, api.js): o
# tabuleiro lido por leitores de tela, a linha acima da mesa, o aviso de fim de jogo, a linha de
# mensagens durante o jogo e os nomes que todas as telas usam (tipos de jogo, modos de desfazer,
# situações, ações, cartas por extenso). As colunas são numeradas a partir de 1, como na mesa.
# Em pt-BR, 0 cai na categoria [one]: onde 0 é possível, há uma variante [0] no plural.

## Nomes que outras telas também usam (util.js)

# Uma carta por extenso, para leitores de tela. $rank vai de 1 (ás) a 13 (rei); $suit é
# "spades", "hearts", "diamonds" ou "clubs".
table-card-name = { $rank ->
        [1] Ás
        [11] Valete
        [12] Dama
        [13] Rei
       *[other] { $rank }
    } de { $suit ->
        [spades] espadas
        [hearts] copas
        [diamonds] ouros
        [clubs] paus
       *[other] { $suit }
    }

# Um tipo de jogo. $variant é "spider" ou "spiderette"; $suits é 1, 2 ou 4.
table-kind = { $variant ->
        [spiderette] Spiderette
       *[spider] Spider
    }, { $suits ->
        [one] { $suits } naipe
       *[other] { $suits } naipes
    }

# Modos de desfazer: um nome curto e o que o modo permite.
table-undo-full = completo
table-undo-full-about = É possível desfazer qualquer movimento ou distribuição.
table-undo-no-reveal = sem esconder cartas
table-undo-no-reveal-about = É possível desfazer qualquer ação, exceto uma que revelou uma carta nova (uma distribuição ou um movimento que virou uma carta).
table-undo-off = desativado
table-undo-off-about = Sem desfazer: todo movimento é definitivo.
# A configuração de desfazer de uma sala, numa lista das configurações dela. $mode é um dos nomes acima.
table-undo-label = desfazer: { $mode }

# A situação de um jogo numa lista de jogos.
table-status-playing = em andamento
table-status-won = vitória
table-status-resigned = desistência

# Uma ação por extenso (um passo de um caminho vencedor, a primeira ação perdedora de um jogo).
table-action-nothing = nada
table-action-move = Mover { $count ->
        [one] { $count } carta
       *[other] { $count } cartas
    } da coluna { $from } para a coluna { $to }
table-action-deal = Distribuir uma fileira do monte
table-action-undo = Desfazer
table-action-resign = Desistir

## O tabuleiro, lido por leitores de tela (board.js)

# $down e $up contam as cartas da coluna viradas para baixo e para cima.
table-column-label = Coluna { $column }: { $down ->
        [0] { $down } cartas viradas para baixo
        [one] { $down } carta virada para baixo
       *[other] { $down } cartas viradas para baixo
    }, { $up ->
        [0] { $up } cartas viradas para cima
        [one] { $up } carta virada para cima
       *[other] { $up } cartas viradas para cima
    }
table-empty-column = Coluna { $column } vazia
# As sequências completas ao lado do tabuleiro: $runs de $total.
table-foundation-label = Sequências completas: { $runs } de { $total }
# Sob as cartas do monte; $deals é quantas distribuições restam no monte.
table-stock-count = { $deals ->
        [0] { $deals } distribuições restantes
        [one] { $deals } distribuição restante
       *[other] { $deals } distribuições restantes
    }
# O monte é um botão que distribui.
table-stock-label = Monte: { $deals ->
        [0] { $deals } distribuições restantes
        [one] { $deals } distribuição restante
       *[other] { $deals } distribuições restantes
    }. Distribuir.
# O contador de sequências ao lado da pontuação: completas do total.
table-runs-stat = { $runs }/{ $total }

## A linha acima da mesa: que tipo de jogo é (board.js), com as partes unidas por " · "

# Uma tentativa do desafio diário. $date é o dia do desafio.
table-label-daily-ranked = desafio diário { $date } (ranqueado)
table-label-daily-practice = desafio diário { $date } (treino)
table-label-race = corrida
# $difficulty é "easy", "normal" ou "hard".
table-label-race-difficulty = corrida (distribuição { $difficulty ->
        [easy] fácil
        [normal] normal
        [hard] difícil
       *[other] { $difficulty }
    })
table-label-winnable = distribuição com vitória comprovada ({ $difficulty ->
        [easy] fácil
        [normal] normal
        [hard] difícil
       *[other] { $difficulty }
    })
table-label-replay = repetição
# $deal é o número da distribuição.
table-label-deal = distribuição nº { $deal }
table-label-no-undo = sem desfazer
table-label-undo-no-reveal = desfazer: sem esconder cartas
table-label-no-hints = sem dicas
# Se é permitido distribuir com uma coluna vazia. $rule é "strict" ou "allowed".
table-label-deal-rule = regra de distribuição: { $rule ->
        [strict] estrita
        [allowed] permitida
       *[other] { $rule }
    }

## Botões (board.js, table.js)

table-resign = Desistir
table-quit-race = Sair da corrida
# O botão de desistir (ou sair) depois de um clique: um segundo clique confirma.
table-really-resign = Desistir mesmo?
table-really-quit = Sair mesmo?
table-standings = Classificação
table-new-game-button = Novo jogo
table-play-again = Jogar esta distribuição de novo
table-where-did-i-go-wrong = Onde eu errei?

## O aviso no fim de um jogo (board.js)

table-banner-you-won = Você venceu!
table-banner-resigned = Você desistiu
table-banner-quit-round = Você saiu desta rodada
# $actions conta as ações do jogador; $time é quanto tempo o jogo levou ("4:07").
table-banner-won = Pontuação { $score } · { $actions ->
        [0] { $actions } movimentos
        [one] { $actions } movimento
       *[other] { $actions } movimentos
    } · { $time }.
# Um jogo que não foi vencido: $runs de $total sequências completas.
table-banner-over = { $runs } de { $total } sequências completas, pontuação { $score }.
# Vem depois da frase acima quando a distribuição tem número. $deal é esse número.
table-banner-deal = Distribuição nº { $deal }.

## A linha de mensagens (table.js, input.js, main.js)

table-welcome = Boas-vindas! Toque em uma carta e depois em uma coluna para movê-la, ou arraste-a até lá.
# $error é o que deu errado, nas palavras do navegador.
table-error-unexpected = Algo deu errado: { $error }
# $detail é a recusa do servidor (outra aba ou outro dispositivo jogou antes).
table-version-conflict = { $detail } (A mesa agora mostra o jogo como ele está.)
table-you-won-points = { $score ->
        [0] Você venceu com { $score } pontos!
        [one] Você venceu com { $score } ponto!
       *[other] Você venceu com { $score } pontos!
    }
table-deal-number-invalid = O número da distribuição é um número inteiro (deixe vazio para uma distribuição aleatória).
# Um novo jogo foi distribuído. $kind é o tipo de jogo ("Spider, 2 naipes", veja table-kind).
table-new-game = Novo jogo ({ $kind }). Boa sorte!
# O mesmo, com o número da distribuição que o jogador pediu: $deal.
table-new-game-deal = Novo jogo ({ $kind }), distribuição nº { $deal }. Boa sorte!
table-stuck-undo-or-resign = Não resta nenhum movimento nem distribuição: desfaça ou desista.
table-stuck-resign = Não resta nenhum movimento nem distribuição: desista para encerrar o jogo.
table-you-resigned = Você desistiu deste jogo.
table-restarted = A mesma distribuição de novo, desde o início.
table-column-empty = A coluna { $column } está vazia.
# As teclas 1–9 e 0 pegam as cartas de uma coluna que podem ser movidas. $cards as lista
# ("9♠ 8♠ 7♠"), $count é quantas são; depois o jogador tecla o número de outra coluna para
# colocá-las lá.
table-picked-up = { $count ->
        [one] Coluna { $column }: { $cards } selecionada. Tecle o número da coluna onde colocá-la ({ $column } de novo: o melhor lugar para ela; Esc: cancelar).
       *[other] Coluna { $column }: { $cards } selecionadas. Tecle o número da coluna onde colocá-las ({ $column } de novo: o melhor lugar para elas; Esc: cancelar).
    }

## O que a página diz quando não consegue falar com o servidor (api.js)

table-session-ended = Sua sessão terminou: entre novamente para continuar.
table-server-unreachable = Não foi possível conectar ao servidor do jogo. Verifique sua conexão e tente novamente.
# O servidor falhou sem dizer por quê. $status é o código de status HTTP (503), $text as
# palavras que o servidor enviou ("Service Unavailable"), muitas vezes vazias.
table-server-answered = O servidor respondeu { $status } { $text }.
# Um erro sem nenhuma palavra: $status é o código de status HTTP.
table-http-status = HTTP { $status }
# Uma carta virada para cima, pelo nome e pelo lugar: $position conta de cima, com as cartas viradas para baixo, de $count.
table-card-place = { $card }, coluna { $column }, carta { $position } de { $count }
# Uma carta virada para baixo (nunca nomeada), pelo lugar.
table-card-face-down = Carta virada para baixo, coluna { $column }, carta { $position } de { $count }
# Depois de um movimento: $card é a primeira carta movida, $count quantas.
announce-moved = { $count ->
        [one] { $card } movida da coluna { $from } para a coluna { $to }.
       *[other] { $count } cartas a partir de { $card } movidas da coluna { $from } para a coluna { $to }.
    }
announce-turned = { $card } virada para cima na coluna { $column }.
announce-run = A sequência a partir de { $card } está completa: { $runs } de { $total }.
announce-dealt = { $deals ->
        [0] Uma fileira distribuída; o monte está vazio.
        [one] Uma fileira distribuída; falta uma distribuição.
       *[other] Uma fileira distribuída; faltam { $deals } distribuições.
    }
announce-undone = A última ação foi desfeita.
table-read-column = Coluna { $column }: { $down ->
        [0] {""}
        [one] uma carta virada para baixo, depois
       *[other] { $down } cartas viradas para baixo, depois
    } { $cards }.
table-read-empty = Coluna { $column }: vazia.
table-read-rest = { $deals ->
        [0] O monte está vazio;
        [one] falta uma distribuição;
       *[other] faltam { $deals } distribuições;
    } { $runs } de { $total } sequências completas.
