# As telas da página web: o painel do desafio diário, a análise de um jogo (e o caminho para a
# vitória jogado na mesa), Meus jogos, Recordes e os rankings de todos os tempos.
# $kind é um tipo de jogo por extenso, como "Spider, 1 naipe".
# Em pt-BR, 0 cai na categoria [one]: onde 0 é possível, há uma variante [0] no plural.

## Compartilhadas por várias telas

screens-loading = Carregando…
# Depois do nome de um jogador num ranking, só para leitores de tela: a linha é minha.
# Começa com um espaço (o nome vem logo antes).
screens-player-you = {" "}(você)
# A última coluna de um ranking: pelo que ele é classificado.
screens-measure-score = Pontuação
screens-measure-time = Tempo
screens-measure-moves = Movimentos

## O painel do desafio diário (na tela de jogo)

# $error é a frase do próprio servidor, mostrada como está.
screens-daily-unavailable = Desafio diário indisponível: { $error }
screens-daily-none = Não há desafio diário para esta configuração.
# $date é a data de hoje (o dia em UTC), $players quantos têm uma tentativa ranqueada, $hours e
# $minutes o tempo que falta até o desafio terminar.
screens-daily-info = { $date } (UTC) · { $kind } · { $players ->
        [0] { $players } jogadores ranqueados
        [one] { $players } jogador ranqueado
       *[other] { $players } jogadores ranqueados
    } · termina em { $hours } h { $minutes } min
# Uma das minhas tentativas no desafio de hoje. $type é "ranked" ou "practice"; $status é a
# situação do jogo por extenso ("em andamento", "vitória", "desistência"); $runs é quantas
# sequências ele completou.
screens-daily-attempt = { $type ->
        [ranked] Ranqueada
       *[practice] Treino
    } · { $status } · { $score ->
        [0] { $score } pontos
        [one] { $score } ponto
       *[other] { $score } pontos
    } · { $runs ->
        [0] { $runs } sequências
        [one] { $runs } sequência
       *[other] { $runs } sequências
    }
# No lugar de um botão, ao lado da tentativa que é o jogo que está na mesa agora.
screens-daily-on-table = na mesa
screens-daily-resume-attempt = Continuar
screens-daily-view-attempt = Ver
# O rótulo do botão do desafio: uma tentativa em andamento, só resta treino, ou nenhum dos dois.
screens-daily-button-resume = Continuar desafio
screens-daily-button-practice = Desafio (treino)
screens-daily-button = Desafio diário
screens-leaderboard-title = Ranking
# $date é o dia do ranking.
screens-leaderboard-title-date = Ranking de { $date }
screens-leaderboard-empty = Ninguém jogou hoje ainda.
# $type é "ranked" ou "practice".
screens-daily-back = { $type ->
        [ranked] De volta à tentativa ranqueada de hoje.
       *[practice] De volta à tentativa de treino de hoje.
    }
# $error é a frase do servidor dizendo que a tentativa ranqueada ainda está aberta; a página então a mostra.
screens-daily-back-open = { $error } Aqui está ela.
screens-daily-started-ranked = Desafio diário de hoje: esta tentativa é ranqueada. Boa sorte!
# $reason é a frase do servidor dizendo por que esta tentativa é de treino (ou screens-daily-practice).
screens-daily-started-practice = Desafio diário de hoje. { $reason }
screens-daily-practice = Esta tentativa é de treino.

## A análise de um jogo

screens-analysis-pick = Escolha um jogo terminado em Meus jogos.
screens-analysis-loading = Carregando o jogo…
screens-analysis-won = Você venceu
screens-analysis-resigned = Desistência
screens-analysis-in-progress = Em andamento
# Os dados do jogo: uma lista de nomes e valores.
screens-analysis-fact-game = Jogo
screens-analysis-fact-score = Pontuação
screens-analysis-fact-runs = Sequências
screens-analysis-fact-actions = Ações
screens-analysis-fact-time = Tempo
# $deal é o número da distribuição.
screens-analysis-game-deal = { $kind }, distribuição nº { $deal }
# $done sequências completas do $total do jogo.
screens-analysis-runs = { $done } de { $total }
# $actions é o total de ações do jogo; depois, quantas delas foram movimentos, distribuições e ações desfeitas.
screens-analysis-actions = { $actions } ({ $moves ->
        [0] { $moves } movimentos
        [one] { $moves } movimento
       *[other] { $moves } movimentos
    }, { $deals ->
        [0] { $deals } distribuições
        [one] { $deals } distribuição
       *[other] { $deals } distribuições
    }, { $undos ->
        [0] { $undos } ações desfeitas
        [one] { $undos } ação desfeita
       *[other] { $undos } ações desfeitas
    })
screens-analysis-continue = Continuar este jogo
screens-analysis-play-again = Jogar esta distribuição de novo
screens-analysis-after-game = A análise fica disponível quando o jogo terminar.
screens-analysis-wait = Analisando o jogo com todas as cartas à vista… (até 20 segundos)
# $error é a frase do servidor dizendo que a busca está ocupada; $seconds, a espera antes de pedir de novo.
screens-analysis-retry = { $error } Tentando de novo em { $seconds } s…
# O veredito: como o jogo foi.
screens-verdict-won = Você venceu este jogo.
screens-verdict-never-winnable = Esta distribuição não tinha como ser vencida, não importa como você jogasse.
screens-verdict-lost = A distribuição podia ser vencida, e uma ação pôs o jogo a perder.
screens-verdict-still-winnable = O jogo ainda podia ser vencido quando terminou.
screens-verdict-unknown = A busca não conseguiu determinar onde este jogo foi perdido.
# Se a distribuição podia ser vencida, afinal.
screens-deal-winnable = Desde o início, a distribuição podia ser vencida.
screens-deal-not-winnable = Desde o início, não havia como vencer a distribuição.
screens-deal-unknown = Não foi possível determinar, dentro do limite da busca, se a distribuição podia ser vencida.
# $step é screens-analysis-losing-step, em negrito.
screens-analysis-losing = A primeira ação que pôs o jogo a perder: { $step }. Antes dela, o jogo podia ser vencido; depois dela, não mais.
# $number é o número da ação no jogo, $action a ação por extenso ("Distribuir uma fileira do monte").
screens-analysis-losing-step = ação { $number } ({ $action })
# A busca provou que o jogo podia ser vencido após as primeiras $after ações ($after pode ser "?":
# não provado) e (a segunda) que estava perdido após as primeiras $lost.
screens-analysis-bounds = Comprovado: o jogo ainda podia ser vencido após { $after ->
        [0] { $after } ações
        [one] { $after } ação
       *[other] { $after } ações
    }; a ação que pôs o jogo a perder vem depois disso.
screens-analysis-bounds-lost = Comprovado: o jogo ainda podia ser vencido após { $after ->
        [0] { $after } ações
        [one] { $after } ação
       *[other] { $after } ações
    } e estava perdido após { $lost }; a ação que pôs o jogo a perder está entre esses dois pontos.
screens-analysis-line-title = Um caminho para a vitória
# $count é quantas ações o caminho vencedor tem; ele começa na distribuição inicial.
screens-analysis-line-from-opening = A partir da última posição com vitória comprovada (após a distribuição inicial), { $count ->
        [one] esta ação leva à vitória.
       *[other] estas { $count } ações levam à vitória.
    }
# $count é quantas ações o caminho vencedor tem; ele começa após as primeiras $after ações do jogador.
screens-analysis-line-from-after = A partir da última posição com vitória comprovada (após { $after ->
        [one] sua primeira ação
       *[other] suas primeiras { $after } ações
    }), { $count ->
        [one] esta ação leva à vitória.
       *[other] estas { $count } ações levam à vitória.
    }
screens-analysis-previous-step = Passo anterior
screens-analysis-next-step = Próximo passo
# $step é o número do passo no caminho, de $total; $action, o passo por extenso.
screens-analysis-step = Passo { $step } de { $total }: { $action }.
screens-analysis-play-line = Jogar na mesa
screens-analysis-play-line-note = Jogar na mesa inicia uma repetição desta distribuição (ela conta só para seus recordes, como distribuição conhecida), refaz suas primeiras ações até o início do caminho e depois mostra cada passo dele na mesa.
screens-analysis-cleared = Nada a melhorar no caminho: você limpou a mesa.
# $positions é quantas posições a busca examinou; $seconds, quanto tempo levou (uma casa decimal).
screens-analysis-searched = { $positions ->
        [one] { $positions } posição examinada em { $seconds } s.
       *[other] { $positions } posições examinadas em { $seconds } s.
    }
# Enquanto o jogo é refeito até o caminho vencedor: $done de $total ações refeitas até agora.
screens-line-replaying = Refazendo seu jogo: { $done } de { $total ->
        [one] { $total } ação…
       *[other] { $total } ações…
    }
screens-line-ready = Esta é a última posição que ainda podia ser vencida. Siga os passos destacados.
# A barra acima do tabuleiro enquanto ele guia pelo caminho vencedor.
screens-guide-label = Caminho vencedor
screens-guide-off-line = Você saiu do caminho vencedor: desfaça para voltar, ou continue jogando.
screens-guide-done = Esse era o caminho inteiro.
# $step é o número do passo no caminho, de $total; $action, o passo por extenso.
screens-guide-step = Caminho vencedor, passo { $step } de { $total }: { $action }.
screens-guide-play-step = Jogar este passo
screens-guide-stop = Parar o guia

## Meus jogos

screens-games-empty = Nenhum jogo ainda.
# $deal é o número da distribuição.
screens-games-kind-deal = { $kind } · nº { $deal }
# O que o botão de uma linha faz, para leitores de tela. $when é a data e hora em que o jogo começou.
screens-games-continue-label = Continuar o jogo ({ $kind }) iniciado em { $when }
screens-games-result-label = Resultado do jogo ({ $kind }) iniciado em { $when }
screens-games-continue = Continuar
screens-games-result = Resultado

## Recordes e ratings de corrida

# $name é o nome de usuário da conta.
screens-records-signed-in = Conectado como { $name }.
screens-records-guest = Uma conta de convidado neste navegador: cadastre-se para ter seus recordes em qualquer lugar.
screens-records-empty = Nenhum jogo ainda: jogue um!
# A série de vitórias atual e, entre parênteses, a maior.
screens-records-streak = { $current } ({ $longest })
# Um rating de corrida: $rating é o rating (em negrito), $rounds, de quantas rodadas ranqueadas ele vem.
screens-records-rating = { $kind }: { $rating } após { $rounds ->
        [one] { $rounds } rodada ranqueada
       *[other] { $rounds } rodadas ranqueadas
    }
screens-records-no-rating = Nenhuma corrida ranqueada ainda: todos começam com 1500.

## Os rankings de todos os tempos

screens-boards-empty = Ninguém está neste ranking ainda: vença um jogo para ser o primeiro.
# Minha posição no ranking: $rank, e $value minha pontuação, meu tempo ou meus movimentos.
screens-boards-you = Sua posição: { $rank }º ({ $value }).
screens-boards-not-you = Você ainda não está neste ranking.

## Problemas

screens-puzzle-goal = { $goal } em até { $within ->
        [one] { $within } movimento
       *[other] { $within } movimentos
    } (rating { $rating })
screens-puzzle-goal-win = Vença o jogo
screens-puzzle-goal-remove-run = Retire uma sequência
screens-puzzle-goal-empty-column = Esvazie uma coluna
screens-puzzle-goal-turn-card = Vire uma carta para cima
screens-puzzle-card = { $card }, coluna { $column }
screens-puzzle-column = Coluna { $column }
screens-puzzle-face-down =
    { $count ->
        [0] { $count } viradas para baixo
        [one] { $count } virada para baixo
       *[other] { $count } viradas para baixo
    }
screens-puzzle-going = No caminho certo: { $left ->
        [0] restam { $left } movimentos.
        [one] resta { $left } movimento.
       *[other] restam { $left } movimentos.
    }
screens-puzzle-solved = Resolvido!
screens-puzzle-failed = Depois do movimento { $mistake }, o objetivo ficou fora de alcance. A solução: { $answer }.
screens-puzzle-rating = Seu rating de problemas: { $before } → { $after }.
screens-puzzle-streak = Série: { $score }
screens-puzzle-streak-over =
    Série encerrada: { $score ->
        [0] { $score } problemas resolvidos.
        [one] { $score } problema resolvido.
       *[other] { $score } problemas resolvidos.
    }

## Arenas

screens-arenas-empty = Nenhuma arena está em andamento nem programada.
screens-arenas-mine-empty = Você ainda não jogou em nenhuma arena.
# $state é running, upcoming ou over; $start e $end são momentos escritos como o idioma os escreve.
screens-arena-line = { $title } · { $kind } · { $state ->
        [running] até { $end }
        [upcoming] de { $start } até { $end }
       *[over] terminou em { $end }
    } · { $players ->
        [0] { $players } jogadores
        [one] { $players } jogador
       *[other] { $players } jogadores
    }
screens-arena-open = Abrir
screens-arena-open-label = Abrir { $title }
# $undo é full, no_reveal ou off; $hints e $rated são yes ou no.
screens-arena-rules = { $deals } distribuições, desfazer { $undo ->
        [full] permitido
        [no_reveal] sem esconder cartas
       *[off] desativado
    }, dicas { $hints ->
        [yes] permitidas
       *[no] desativadas
    }{ $rated ->
        [yes] , ranqueada (só jogadores cadastrados)
       *[no] {""}
    }
screens-arena-you = Você: posição { $place }, { $points ->
        [0] { $points } pontos
        [one] { $points } ponto
       *[other] { $points } pontos
    }, { $won } { $won ->
        [0] vencidas
        [one] vencida
       *[other] vencidas
    } de { $played }{ $fire ->
        [yes] , pegando fogo
       *[no] {""}
    }
screens-arena-final = Sua posição final: { $place }, { $points ->
        [0] { $points } pontos
        [one] { $points } ponto
       *[other] { $points } pontos
    }, { $won } { $won ->
        [0] vencidas
        [one] vencida
       *[other] vencidas
    } de { $played }
screens-arena-nobody = Ninguém entrou ainda.
screens-arena-won-of = { $won } de { $played }
screens-arena-deal-started = Distribuição { $deal } da arena { $title }: ela já está na mesa.
