# A tela de corrida (web/js/race.js): criar uma sala, os lugares, a contagem regressiva, a
# classificação ao vivo, os resultados.

## A linha de mensagens enquanto se acompanha uma sala.

race-stream-stopped = A transmissão ao vivo da corrida foi interrompida.
# $error é a frase do próprio serviço (já no idioma da página) sobre por que não foi possível
# alcançar a sala.
race-still-trying = { $error } Ainda tentando se conectar à sala…
race-go-message = Valendo! Limpe a mesa antes dos outros.

## A linha de mensagens quando um jogador termina ou sai. $name é o nome do jogador, $time
## quanto tempo levou (uma duração como 4:05), $place a posição dele na rodada (1 para o primeiro).

race-news-you-quit = Você saiu.
race-news-quit = { $name } saiu.
race-news-you-finished = Você terminou em { $time }, em { $place }º lugar.
race-news-finished = { $name } terminou em { $time }, em { $place }º lugar.
race-news-you-finished-untimed = Você terminou em { $place }º lugar.
race-news-finished-untimed = { $name } terminou em { $place }º lugar.

## O relógio da rodada. $elapsed e $limit são durações como 4:05 e 10:00.

race-clock = { $elapsed } de { $limit }
race-clock-past-limit = { $elapsed } de { $limit } (tempo limite esgotado)

## As regras da sala: rótulos curtos numa linha, unidos por " · ".

# $difficulty é a dificuldade da distribuição: "easy", "normal" ou "hard".
race-rule-difficulty = { $difficulty ->
        [easy] distribuição fácil
        [normal] distribuição normal
        [hard] distribuição difícil
       *[other] distribuição { $difficulty }
    }
# $minutes é o tempo limite da rodada, em minutos.
race-rule-minutes = { $minutes } min
race-rule-hints-on = com dicas
race-rule-no-hints = sem dicas
race-rule-handicap = handicap
race-rule-ranked = ranqueada
race-rule-unranked = não ranqueada
# $level é a velocidade com que os jogadores de CPU jogam: "easy", "normal" ou "hard".
race-rule-cpu-speed = velocidade da CPU: { $level ->
        [easy] fácil
        [normal] normal
        [hard] difícil
       *[other] { $level }
    }
# $seconds: após quantos segundos sem jogar uma CPU joga por um jogador inativo.
race-rule-stand-in = CPU assume após { $seconds } s de inatividade

# A nota sob Desfazer no formulário de criar uma sala quando Ranqueada está marcada e o desfazer
# "completo" foi escolhido: uma sala ranqueada permite no máximo "sem esconder cartas" (nome de um modo
# de desfazer, como no formulário).
race-undo-ranked = Uma sala ranqueada usa o desfazer “sem esconder cartas”: é possível desfazer qualquer ação, exceto uma que revelou uma carta nova (uma distribuição ou um movimento que virou uma carta).

## Os lugares da sala.

race-tag-host = anfitrião
race-tag-cpu = CPU
race-tag-you = você
race-remove = Remover
# O rótulo do botão Remover para leitores de tela. $name é o nome do jogador no lugar.
race-remove-label = Remover { $name }

## Os botões e a linha de situação da sala.

race-start = Iniciar
race-play-again = Jogar de novo
race-opening = Abrindo a sala…
# O anfitrião, antes da primeira rodada. $code é o código da sala; $count, o número de jogadores nela.
race-status-host-waiting = Compartilhe o link ou o código { $code }; inicie quando todos estiverem aqui ({ $count ->
        [one] { $count } jogador
       *[other] { $count } jogadores
    }).
# Os outros, antes da primeira rodada. $host é o nome do anfitrião; $count, o número de jogadores na sala.
race-status-guest-waiting = Aguardando { $host } iniciar ({ $count ->
        [one] { $count } jogador
       *[other] { $count } jogadores
    } na sala).
# Como race-status-guest-waiting, quando o nome do anfitrião não é conhecido.
race-status-guest-waiting-no-host = Aguardando o anfitrião iniciar ({ $count ->
        [one] { $count } jogador
       *[other] { $count } jogadores
    } na sala).
# $round é o número da rodada; $seconds, os segundos que faltam para ela começar.
race-status-countdown = A rodada { $round } começa em { $seconds }…
race-status-go = Valendo!
# $round é o número da rodada.
race-status-running = Rodada { $round } em andamento.
race-status-running-waiting = Rodada { $round } em andamento: aguardando os outros terminarem.
# Vem depois de race-status-running para um jogador que entrou durante a rodada.
race-status-next-round = Você joga a partir da próxima rodada.
race-status-over = A rodada { $round } terminou.
# Vêm depois de race-status-over. $name é o nome do jogador em primeiro lugar: "venceu" quando
# limpou a mesa, "ficou em primeiro" quando a rodada terminou antes que alguém limpasse.
race-status-winner = { $name } venceu.
race-status-first = { $name } ficou em primeiro.
# Vêm depois dessas, para o anfitrião e para os outros jogadores.
race-status-again = Jogar de novo com o mesmo grupo?
race-status-wait-next = Aguardando o anfitrião iniciar a próxima rodada.

## A tabela de classificação.

# O resultado de um jogador. $standing é "finished", "finished_late" (depois do tempo limite),
# "playing", "quit" ou "unfinished" (a rodada terminou enquanto ele ainda jogava).
race-result = { $standing ->
        [finished] terminou
        [finished_late] terminou fora do tempo
        [playing] jogando
        [quit] saiu
        [unfinished] não terminou
       *[other] { $standing }
    }
# Como race-result, com quanto tempo levou: $time é uma duração como 4:05.
race-result-timed = { $standing ->
        [finished] terminou em { $time }
        [finished_late] terminou fora do tempo, em { $time }
        [playing] jogando há { $time }
        [quit] saiu após { $time }
        [unfinished] não terminou em { $time }
       *[other] { $standing } em { $time }
    }
race-tag-stand-in = substituto
# O título (dica ao passar o mouse) da etiqueta "substituto".
race-stand-in-title = Uma CPU joga por este jogador inativo
# Depois do nome do próprio jogador, só para leitores de tela.
race-standing-you = (você)
# O rótulo da barra de progresso para leitores de tela. $name é o nome do jogador; $done de
# $total sequências estão completas.
race-progress-label = { $name }: { $done } de { $total } { $total ->
        [one] sequência
       *[other] sequências
    }

## A linha de mensagens depois das ações do próprio jogador.

# $code é o código da sala.
race-room-open = A sala { $code } está aberta. Envie o link para seus amigos.
race-joined = Você entrou na sala { $code }.
# $error é a frase do próprio serviço (ainda não há distribuição com vitória comprovada pronta); $seconds, a espera.
race-retrying = { $error } (Tentando de novo em { $seconds } s.)
race-you-quit-round = Você saiu desta rodada.
# $name é o nome do jogador cujo lugar o anfitrião liberou.
race-seat-freed = O lugar de { $name } está livre de novo.
race-link-copied = Link copiado: envie-o para seus amigos.
race-copy-by-hand = Selecione o link e copie-o.
